import * as v from 'valibot';
import { NAME_MAX_LENGTH } from './constants';
import { EmailSchema, requiredText } from './fields';
import { validationMessages as m } from './messages';

export const LoginFormSchema = v.object({
  email: EmailSchema,
  password: v.pipe(v.string(m.passwordRequired), v.nonEmpty(m.passwordRequired)),
});
export type LoginForm = v.InferInput<typeof LoginFormSchema>;

export const RegisterFormSchema = v.object({
  name: requiredText(m.nameRequired, NAME_MAX_LENGTH),
  email: EmailSchema,
  password: v.pipe(v.string(m.passwordRequired), v.nonEmpty(m.passwordRequired)),
});
export type RegisterForm = v.InferInput<typeof RegisterFormSchema>;

/** Body of PUT /api/user/{email}, the token exchange. */
export const TokenExchangeBodySchema = v.strictObject({ email: EmailSchema });

export const TokenResponseSchema = v.object({ token: v.string() });
