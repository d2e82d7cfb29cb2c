import { CHECKOUT_OUTCOMES } from '@tenantry/shared';
import { t } from '../messages.ts';

/** The outcome routes (/upgrade-success, /checkout-cancel…) by screen name. */
export type CheckoutOutcome = keyof typeof CHECKOUT_OUTCOMES;

export interface OutcomeMessage {
  title: string;
  message: string;
  color: string;
}

/** What /admin says after an outcome route sent the browser there (made while rendering). */
export const OUTCOME_MESSAGES: Record<CheckoutOutcome, () => OutcomeMessage> = {
  upgradeSuccess: () => ({
    title: t('outcome.upgradeSuccess.title'),
    message: t('outcome.upgradeSuccess.message'),
    color: 'teal',
  }),
  downgradeSuccess: () => ({
    title: t('outcome.downgradeSuccess.title'),
    message: t('outcome.downgradeSuccess.message'),
    color: 'blue',
  }),
  checkoutSuccess: () => ({
    title: t('outcome.checkoutSuccess.title'),
    message: t('outcome.checkoutSuccess.message'),
    color: 'teal',
  }),
  checkoutCancel: () => ({
    title: t('outcome.checkoutCancel.title'),
    message: t('outcome.checkoutCancel.message'),
    color: 'gray',
  }),
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
