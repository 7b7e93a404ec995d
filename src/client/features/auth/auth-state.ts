import { z } from 'zod';
import { isServerRenderedPath, safeRedirect } from '../../../shared/paths';

/** What the auth screen hands to /success/ in router state. */
const successStateSchema = z.object({
  email: z.string().min(1).max(254).optional(),
  mode: z.enum(['signin', 'signup']).optional(),
});
export type SuccessState = z.infer<typeof successStateSchema>;

/** Router state survives reloads and can be anything; read it defensively. */
export function readSuccessState(state: unknown): SuccessState {
  const parsed = successStateSchema.safeParse(state);
  return parsed.success ? parsed.data : {};
}

/**
 * Where a verified login goes: the server's `redirect` (it stored the one given at sign-in),
 * else the link's own `?redirect=`, else the dashboard; never off this site.
 */
export function verifiedDestination(
  serverRedirect: string | null | undefined,
  queryRedirect: string | null | undefined,
): string {
  return safeRedirect(serverRedirect || queryRedirect);
}

/**
 * Whether a verified login's destination (a path of this site) is a page the server sends with
 * its first screen rendered: loading it afresh shows it sooner than rendering it here, where its
 * route's scripts and its data would only now be asked for, one after the other (decision 0068).
 */
export function loadsFromServer(destination: string): boolean {
  return isServerRenderedPath(new URL(destination, 'http://plansmith.invalid').pathname);
}

/**
 * Router state of a page that sends a signed-in user of the wrong role to /signin/ (the send route,
 * docs/product/roles.md): the log-in screen then stays, to switch accounts, instead of going to the
 * dashboard (decision 0023).
 */
export const WRONG_ROLE_STATE = { wrongRole: true } as const;

export function readWrongRole(state: unknown): boolean {
  return z.object({ wrongRole: z.literal(true) }).safeParse(state).success;
}
