import { describe, expect, it } from 'vitest';
import { OUTCOME_MESSAGES, outcomeOf, outcomeState } from './checkout-outcome.ts';

describe('checkout outcome state', () => {
  it('reads back what an outcome route hands over, and nothing else', () => {
    expect(outcomeOf(outcomeState('checkoutCancel'))).toBe('checkoutCancel');
    expect(outcomeOf(null)).toBeNull();
    expect(outcomeOf({ checkoutOutcome: 'toString' })).toBeNull();
    expect(outcomeOf({ from: { pathname: '/admin' } })).toBeNull();
  });

  it('has a message for every outcome', () => {
    expect(OUTCOME_MESSAGES.checkoutCancel().title).toBe('Checkout cancelled: nothing was charged');
    expect(Object.keys(OUTCOME_MESSAGES).sort()).toEqual([
      'checkoutCancel',
      'checkoutSuccess',
      'downgradeSuccess',
      'upgradeSuccess',
    ]);
  });
});
