import { describe, expect, it } from 'vitest';
import { canReply, customerStatusLabel, ticketTitle, waitingFor } from './support-view.ts';

describe('support view helpers', () => {
  it('names the customer’s turn from their side', () => {
    expect(customerStatusLabel('waiting')).toBe('Waiting for your reply');
    expect(customerStatusLabel('open')).toBe('Open');
  });

  it('says how long a customer has waited, in a short unit', () => {
    const now = Date.parse('2026-01-10T12:00:00Z');
    expect(waitingFor({ awaitingSince: null }, now)).toBeNull();
    expect(waitingFor({ awaitingSince: '2026-01-10T11:30:00Z' }, now)).toBe('30 min');
    expect(waitingFor({ awaitingSince: '2026-01-10T07:00:00Z' }, now)).toBe('5 h');
    expect(waitingFor({ awaitingSince: '2026-01-07T12:00:00Z' }, now)).toBe('3 d');
  });

  it('names tickets by number and lets closed ones be reopened before a reply', () => {
    expect(ticketTitle({ number: 7, subject: 'Export' })).toBe('#7 Export');
    expect(canReply('closed')).toBe(false);
    expect(canReply('resolved')).toBe(true);
  });
});
