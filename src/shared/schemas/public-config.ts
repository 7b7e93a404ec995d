import { z } from 'zod';

/** GET /api/config/public: the operator settings the browser may know. */
export const publicConfigSchema = z.object({
  /** The spec's {email}: footer, error page, FAQ and the consultation link. */
  supportEmail: z.string(),
  appEnv: z.enum(['production', 'stage', 'local']),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;
