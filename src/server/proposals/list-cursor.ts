import { z } from 'zod';
import { LIST_SORTS, type ListSort } from '../../shared/domain/dashboard-list';
import { badRequest } from '../http/errors';

/**
 * The list's keyset cursor (decision 0096): the order it was made for and the last row's sort key
 * and id, opaque to the client. A cursor of another order is refused rather than misread.
 */
export type ListCursor =
  | { sort: 'created' | 'updated'; key: number; id: string }
  | { sort: 'project'; key: string; id: string };

const cursorSchema = z.union([
  z.tuple([z.enum(['created', 'updated']), z.number().int().nonnegative(), z.uuid()]),
  // A project name is at most 200 characters; lower-casing may lengthen a few (PostgreSQL).
  z.tuple([z.literal('project'), z.string().max(400), z.uuid()]),
]);
export const BAD_CURSOR = 'This page of the list is not available any more. Please reload.';

export function encodeCursor(cursor: ListCursor): string {
  return Buffer.from(JSON.stringify([cursor.sort, cursor.key, cursor.id])).toString('base64url');
}

/** The cursor after a row listed in this order, whose sort key the query returned. */
export function cursorAt(sort: ListSort, key: number | string, id: string): ListCursor {
  return sort === 'project' ? { sort, key: String(key), id } : { sort, key: Number(key), id };
}

export function decodeCursor(raw: string, sort: ListSort): ListCursor {
  try {
    const parsed = cursorSchema.parse(JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')));
    if (parsed[0] !== sort || !LIST_SORTS.includes(parsed[0])) throw new Error('other order');
    return parsed[0] === 'project'
      ? { sort: 'project', key: parsed[1], id: parsed[2] }
      : { sort: parsed[0], key: parsed[1], id: parsed[2] };
  } catch {
    throw badRequest(BAD_CURSOR);
  }
}
