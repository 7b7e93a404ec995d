import { ApiRequestError } from './api';

/** The server's readable message for a failed call, or `fallback` for anything else. */
export function errorText(error: unknown, fallback: string): string {
  if (error instanceof ApiRequestError && error.message.trim()) return error.message;
  return fallback;
}
