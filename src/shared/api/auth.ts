import {
  claimBodySchema,
  claimReplySchema,
  logoutBodySchema,
  logoutReplySchema,
  meReplySchema,
  signinBodySchema,
  signupBodySchema,
  verifyBodySchema,
  verifyReplySchema,
} from '../schemas/auth';
import { accountSchema, accountUpdateSchema } from '../schemas/account';
import { okReplySchema } from '../schemas/proposal';
import { renewBodySchema, renewReplySchema } from '../schemas/sending';
import { defineEndpoint, errorReplies } from './endpoint';

/** Sign-up, sign-in links, sessions and claims (/api/authorization). */
export const auth = {
  signup: defineEndpoint({
    operationId: 'signup',
    method: 'POST',
    path: '/api/authorization/signup',
    summary: 'Create a contractor account and e-mail a sign-in link (JSON, or a form with a logo).',
    access: 'anonymous',
    body: signupBodySchema,
    bodyKind: 'json-or-multipart',
    reply: okReplySchema,
    // A taken address or bad fields 400, the logo too big 413 or not an image 415; the e-mail
    // limit's 429 is the default response's (decision 0016).
    errors: errorReplies(400, 413, 415),
  }),
  signin: defineEndpoint({
    operationId: 'signin',
    method: 'POST',
    path: '/api/authorization/signin',
    summary: 'E-mail a sign-in link.',
    access: 'anonymous',
    body: signinBodySchema,
    reply: okReplySchema,
    // 401: no account has this address ('User with this email was not found', docs/product/auth.md).
    errors: errorReplies(400, 401),
  }),
  verify: defineEndpoint({
    operationId: 'verify',
    method: 'POST',
    path: '/api/authorization/verify',
    summary: 'Exchange a sign-in link token for a session cookie.',
    access: 'anonymous',
    body: verifyBodySchema,
    reply: verifyReplySchema,
    // 403: the link expired or was used, which shows the old-link page (docs/product/auth.md).
    errors: errorReplies(400, 403),
  }),
  claim: defineEndpoint({
    operationId: 'claimProposal',
    method: 'POST',
    path: '/api/authorization/claim',
    summary: "'Add to my account': claim the proposal a sign-in link was e-mailed for.",
    access: 'contractor',
    body: claimBodySchema,
    reply: claimReplySchema,
    errors: errorReplies(400, 401, 404),
  }),
  renew: defineEndpoint({
    operationId: 'renewProposalLink',
    method: 'POST',
    path: '/api/authorization/renew',
    summary: 'E-mail a fresh proposal link to whoever the old one was for.',
    access: 'anonymous',
    body: renewBodySchema,
    reply: renewReplySchema,
    errors: errorReplies(400),
  }),
  logout: defineEndpoint({
    operationId: 'logout',
    method: 'POST',
    path: '/api/authorization/logout',
    summary: "End the session; with `everywhere`, every one of the user's sessions.",
    access: 'anonymous',
    body: logoutBodySchema,
    reply: logoutReplySchema,
    // 400: a body other than `{everywhere?: boolean}`; 401: `everywhere` with no session.
    errors: errorReplies(400, 401),
  }),
  me: defineEndpoint({
    operationId: 'me',
    method: 'GET',
    path: '/api/authorization/me',
    summary: 'The signed-in user, or null.',
    access: 'anonymous',
    reply: meReplySchema,
    errors: errorReplies(),
  }),
  account: defineEndpoint({
    operationId: 'account',
    method: 'GET',
    path: '/api/authorization/account',
    summary: "The signed-in user's account, with the version a change sends back (decision 0094).",
    access: 'signedIn',
    reply: accountSchema,
    errors: errorReplies(401),
  }),
  updateAccount: defineEndpoint({
    operationId: 'updateAccount',
    method: 'PUT',
    path: '/api/authorization/account',
    summary:
      "Change one's own name, phone and, for a contractor, company name and logo; the e-mail address is not changed here.",
    access: 'signedIn',
    body: accountUpdateSchema,
    // 401 before the body is looked at.
    bodyKind: 'json-checked-by-handler',
    reply: accountSchema,
    // 400: bad fields, a company for a homeowner, a logo that is not the caller's new upload;
    // 409 `account_changed`: the version is not the current one (another tab saved first).
    errors: errorReplies(400, 401, 409),
  }),
};
