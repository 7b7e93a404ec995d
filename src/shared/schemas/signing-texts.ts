/**
 * Words of the signing rules the viewer's action bar shows too; apart from signing.ts so the viewer
 * loads no zod for them (decision 0033).
 */
export const SIGN_BEFORE_SEND = 'Before signing proposal - share it with the homeowner.';
