import type { MailMessage } from '../lib/mail/index.ts';
import { layout } from '../lib/mail/layout.ts';

export function verificationEmail(to: string, name: string, url: string): MailMessage {
  return layout(
    to,
    'Confirm your e-mail address',
    [
      `Hello ${name},`,
      'Please confirm your e-mail address for your Tenantry account.',
      'The link is valid for 24 hours.',
    ],
    { url, label: 'Confirm e-mail address' },
  );
}

export function resetPasswordEmail(to: string, name: string, url: string): MailMessage {
  return layout(
    to,
    'Reset your password',
    [
      `Hello ${name},`,
      'Someone (hopefully you) asked to reset the password of your Tenantry account.',
      'The link is valid for one hour. If you did not ask for this, ignore this e-mail; your password stays as it is.',
    ],
    { url, label: 'Choose a new password' },
  );
}

/** Sent instead of revealing "this address is taken" to whoever submitted the sign-up form. */
export function existingAccountEmail(to: string, signInUrl: string, resetUrl: string): MailMessage {
  return layout(to, 'Someone tried to create an account with your address', [
    'Someone (hopefully you) tried to create a Tenantry account with this e-mail address, which already has an account.',
    `Sign in at ${signInUrl}, or choose a new password at ${resetUrl} if you forgot it.`,
    'If it was not you, you can ignore this e-mail.',
  ]);
}

/** To the current address when someone asks to move the account to `newEmail`. */
export function changeEmailConfirmationEmail(
  to: string,
  name: string,
  newEmail: string,
  url: string,
): MailMessage {
  return layout(
    to,
    'Confirm the change of your e-mail address',
    [
      `Hello ${name},`,
      `Someone (hopefully you) asked to change the e-mail address of your Tenantry account to ${newEmail}.`,
      'Confirm it with the link below; we will then send a link to the new address to finish. If you did not ask for this, ignore this e-mail and change your password.',
    ],
    { url, label: 'Confirm the change' },
  );
}

/** The code that finishes a sign-up (and proves the address before the first session). */
export function signUpCodeEmail(to: string, code: string, url: string): MailMessage {
  return layout(to, `Your Tenantry code: ${code}`, [
    'Hello,',
    'Your code to finish creating your Tenantry account is:',
    code,
    `It is valid for 10 minutes and can be used once. Enter it on the page where you signed up, or at ${url}.`,
    'If you did not sign up, you can ignore this e-mail.',
  ]);
}
