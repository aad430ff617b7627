import { checkRegistrationForm } from '../../../core/rules/account';
import { texts } from '../../../core/texts';
import { statusOf, ApiError } from '../../lib/api-error';

export type AuthMode = 'login' | 'register';

export interface LoginFields {
  loginId: string;
  password: string;
}

export interface RegisterFields extends LoginFields {
  username: string;
  confirmPassword: string;
}

export const emptyLogin: LoginFields = { loginId: '', password: '' };
export const emptyRegister: RegisterFields = { loginId: '', username: '', password: '', confirmPassword: '' };

/** spec §5: login needs both fields. Returns the text to show, or null when the form may be sent. */
export function checkLoginForm(fields: LoginFields): string | null {
  return fields.loginId && fields.password ? null : texts.loginMissingFields;
}

/** spec §5: registration needs every field and matching passwords (the rule lives in core). */
export function checkRegisterForm(fields: RegisterFields): string | null {
  const problem = checkRegistrationForm(fields);
  return problem ? texts[problem] : null;
}

function serverMessageOr(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.serverMessage ? error.serverMessage : fallback;
}

/** spec §8: what a failed login says; a rate limit speaks for itself. */
export function loginErrorText(error: unknown): string {
  switch (statusOf(error)) {
    case 401:
      return texts.invalidLogin;
    case 403:
      return texts.accountBanned;
    case 429:
      return serverMessageOr(error, texts.loginFailedGeneric);
    default:
      return texts.loginFailedGeneric;
  }
}

/** spec §8: what a failed registration says. */
export function registerErrorText(error: unknown): string {
  switch (statusOf(error)) {
    case 409:
      return texts.loginIdOrUsernameTaken;
    case 403:
      return texts.multiAccount;
    case 429:
      return serverMessageOr(error, texts.registerFailedGeneric);
    default:
      return texts.registerFailedGeneric;
  }
}
