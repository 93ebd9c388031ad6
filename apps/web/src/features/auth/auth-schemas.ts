import { schemaOnDemand } from '@/lib/forms/schema-on-demand';

/**
 * The auth forms' request schemas, loaded on a form's first use: `/auth` (signed out) then loads
 * no schema at all, as a signed-out session answer needs no check either (decision 0060).
 */
const authContract = () => import('@ztart/shared/contracts/auth');

export const signInSchema = schemaOnDemand(() => authContract().then((m) => m.signInRequestSchema));
export const signUpSchema = schemaOnDemand(() => authContract().then((m) => m.signUpRequestSchema));
export const emailSchema = schemaOnDemand(() => authContract().then((m) => m.emailRequestSchema));
export const resetPasswordSchema = schemaOnDemand(() =>
  authContract().then((m) => m.resetPasswordRequestSchema),
);
