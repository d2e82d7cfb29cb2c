import { PASSWORD_LIMITS } from '@tenantry/shared';
import { z } from 'zod';

/**
 * What the sign-in, sign-up and password forms check before asking the server. Better Auth
 * answers these endpoints, so there is no request schema in @tenantry/shared to reuse; the
 * password limits are the server's own (PASSWORD_LIMITS).
 */

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const EmailField = z
  .string()
  .trim()
  .min(1, 'Enter your e-mail address')
  .regex(EMAIL_RE, 'Enter a valid e-mail address');

const NewPasswordField = z
  .string()
  .min(PASSWORD_LIMITS.min, `Use at least ${PASSWORD_LIMITS.min} characters`)
  .max(PASSWORD_LIMITS.max, `Use at most ${PASSWORD_LIMITS.max} characters`);

export const SignInFormSchema = z.object({
  email: EmailField,
  password: z.string().min(1, 'Enter your password'),
});

export const SignUpFormSchema = z.object({
  name: z.string().trim().min(1, 'Enter your name'),
  email: EmailField,
  password: NewPasswordField,
});

export const ForgotPasswordFormSchema = z.object({ email: EmailField });

export const ResetPasswordFormSchema = z.object({ password: NewPasswordField });

/** The hint under a new-password field. */
export const NEW_PASSWORD_HINT = `At least ${PASSWORD_LIMITS.min} characters`;
