import type { FastifyInstance } from 'fastify';
import { HttpError, NUL_IN_TEXT } from './errors';

/** A multipart field's text, refused with the JSON bodies' 400 when it holds U+0000. */
export function fieldText(value: string): string {
  if (value.includes('\u0000')) throw new HttpError(400, NUL_IN_TEXT);
  return value;
}

/** True when some string in `value` (a parsed JSON body) holds U+0000. */
function holdsNul(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (Array.isArray(value)) return value.some(holdsNul);
  if (value && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) {
      if (key.includes('\u0000') || holdsNul(inner)) return true;
    }
  }
  return false;
}

/**
 * JSON bodies as Fastify parses them, refusing a string that holds U+0000 with a 400 on both
 * engines: PostgreSQL cannot store it in text and would answer 500, SQLite would store it. Only
 * a body whose text holds the escape `\u0000` is walked, so other bodies cost one search.
 */
export function registerJsonBody(app: FastifyInstance): void {
  const { onProtoPoisoning = 'error', onConstructorPoisoning = 'ignore' } = app.initialConfig;
  const parse = app.getDefaultJsonParser(onProtoPoisoning, onConstructorPoisoning);
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body as string;
    void parse(request, text, (err, value) => {
      if (err) return done(err);
      if (text.includes('\\u0000') && holdsNul(value))
        return done(new HttpError(400, NUL_IN_TEXT), undefined);
      done(null, value);
    });
  });
}
