/**
 * The end-to-end server: the real app, configured from the environment global-setup.ts gives
 * it, serving the built client. Limits on e-mails are raised because every test signs in from
 * 127.0.0.1; the limits themselves are covered by the API tests. So is the logged-out upload
 * budget, per address; an account's is lowered to 20 MB (decision 0088) so that
 * upload-budget.spec fills it with two files: no other test uploads more than a few kB.
 */
import { serveApp } from '../../support/serve-app';

await serveApp({
  logger: { level: 'warn' },
  serveClient: true,
  limits: {
    authEmailsPerAddress: 1_000,
    authEmailsPerIp: 100_000,
    proposalEmailsPerRecipient: 1_000,
    proposalSendersPerRecipient: 1_000,
    requestsPerMinute: 100_000,
    uploadBytesPerVisitorClient: 1024 * 1024 * 1024,
    uploadBytesPerAccount: 20 * 1024 * 1024,
  },
});
