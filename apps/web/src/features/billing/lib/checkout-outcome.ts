import { CHECKOUT_OUTCOMES } from '@tenantry/shared';

/** The outcome routes (/upgrade-success, /checkout-cancel…) by screen name. */
export type CheckoutOutcome = keyof typeof CHECKOUT_OUTCOMES;

export interface OutcomeMessage {
  title: string;
  message: string;
  color: string;
}

/** What /admin says after an outcome route sent the browser there. */
export const OUTCOME_MESSAGES: Record<CheckoutOutcome, OutcomeMessage> = {
  upgradeSuccess: {
    title: 'Your plan is upgraded',
    message: 'The new limits and features apply now.',
    color: 'teal',
  },
  downgradeSuccess: {
    title: 'Your plan is downgraded',
    message:
      'See Billing for when it applies. Nothing you have is removed; above a lower limit, new ones are blocked.',
    color: 'blue',
  },
  checkoutSuccess: {
    title: 'Purchase complete',
    message:
      'Thank you: your subscription is active. The receipt is among the invoices under Billing.',
    color: 'teal',
  },
  checkoutCancel: {
    title: 'Checkout cancelled: nothing was charged',
    message: 'Your plan is unchanged. Choose a plan under Billing whenever you are ready.',
    color: 'gray',
  },
};

/** The router state an outcome route hands to /admin. */
export interface OutcomeState {
  checkoutOutcome: CheckoutOutcome;
}

export function outcomeState(outcome: CheckoutOutcome): OutcomeState {
  return { checkoutOutcome: outcome };
}

/** The outcome in a location's state, or null (a plain visit, or state of another kind). */
export function outcomeOf(state: unknown): CheckoutOutcome | null {
  if (typeof state !== 'object' || state === null) return null;
  const value = (state as Partial<OutcomeState>).checkoutOutcome;
  return typeof value === 'string' && Object.hasOwn(CHECKOUT_OUTCOMES, value) ? value : null;
}
