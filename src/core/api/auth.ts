import { z } from 'zod';
import { limits } from '../rules/account';
import { User } from './common';

// Bodies are strict (unknown fields refused) and length-capped; the hinted character rules are
// checked in the service so the spec's own message can answer them.
export const LoginBody = z.strictObject({
  loginId: z.string().max(limits.loginIdMax),
  password: z.string().max(limits.passwordMax),
});
export type LoginBody = z.infer<typeof LoginBody>;

export const RegisterBody = z.strictObject({
  loginId: z.string().max(limits.loginIdMax),
  username: z.string().max(limits.usernameMax),
  password: z.string().max(limits.passwordMax),
});
export type RegisterBody = z.infer<typeof RegisterBody>;

export const AuthUserResponse = User;

export const CsrfTokenResponse = z.union([
  z.object({ csrfToken: z.string() }),
  z.object({ secureData: z.string() }),
]);
export type CsrfTokenResponse = z.infer<typeof CsrfTokenResponse>;
