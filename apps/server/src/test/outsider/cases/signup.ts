import type { OutsiderCase } from '../types.ts';

/*
 * The code step of sign-up (modules/signup): guest routes that answer the same for every
 * address, so none can tell whether the victim's owner has an account.
 */
export const cases: OutsiderCase[] = [
  {
    // Sends nothing for an address that is already proven (the victim owner's).
    route: 'POST /api/v1/signup/code',
    allow: ['public'],
    mutates: false,
    request: (ids) => ({ path: '/api/v1/signup/code', json: { email: ids.victimOwnerEmail } }),
  },
  {
    // A guessed code answers 400 to everyone and signs nobody in. No control: a valid code
    // exists only in the mailbox (the full flow is in modules/signup/signup.test.ts).
    route: 'POST /api/v1/signup/verify',
    allow: ['public'],
    mutates: false,
    control: 'none',
    request: (ids) => ({
      path: '/api/v1/signup/verify',
      json: { email: ids.victimOwnerEmail, code: '000000' },
    }),
  },
];
