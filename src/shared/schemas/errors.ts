import { z } from 'zod';

/** Every non-2xx JSON answer of the API has this shape. */
export const apiErrorSchema = z.object({
  statusCode: z.number(),
  error: z.string(),
  message: z.string(),
  requestId: z.string().optional(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

/** Turns a zod error into one sentence a person can act on. */
export function describeZodError(error: z.ZodError): string {
  return error.issues
    .map((issue) => {
      const field = issue.path.join('.');
      const message = issue.message;
      // Our own messages are whole sentences; zod's generic ones need the field name. The docs/product/errors.md
      // alerts ('Please enter image', '… E.g. https://www.example.com/') are shown verbatim.
      const whole = /[.!?]$/.test(message) || message.startsWith('Please ');
      return whole || !field ? message : `${field}: ${message}`;
    })
    .filter((m, i, all) => all.indexOf(m) === i)
    .join(' ');
}
