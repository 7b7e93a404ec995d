import { z } from 'zod';
import { badRequest } from '../http/errors';
import type { ListCursor } from './repository';

/** The list's keyset cursor: the last row's (created_at, id), opaque to the client. */

const cursorSchema = z.tuple([z.number().int().nonnegative(), z.uuid()]);
export const BAD_CURSOR = 'This page of the list is not available any more. Please reload.';

export function encodeCursor(cursor: ListCursor): string {
  return Buffer.from(JSON.stringify([cursor.createdAt, cursor.id])).toString('base64url');
}

export function decodeCursor(raw: string): ListCursor {
  try {
    const [createdAt, id] = cursorSchema.parse(
      JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')),
    );
    return { createdAt, id };
  } catch {
    throw badRequest(BAD_CURSOR);
  }
}
