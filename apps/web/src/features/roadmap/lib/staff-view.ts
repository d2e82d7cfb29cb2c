import { ROADMAP_STAFF_STATES } from '@tenantry/shared';
import { t } from '../messages.ts';

export type StaffState = (typeof ROADMAP_STAFF_STATES)[number];

/** What the triage tab lists: pending suggestions, approved items or all, and a title search. */
export interface StaffFilters {
  state: StaffState;
  q: string;
}

/** A state's name in the triage tab's switcher. */
export const staffStateLabel = (s: StaffState): string =>
  ({
    pending: t('triage.state.pending'),
    approved: t('triage.state.approved'),
    all: t('triage.state.all'),
  })[s];

export function readStaffState(value: string | null): StaffState {
  return (ROADMAP_STAFF_STATES as readonly string[]).includes(value ?? '')
    ? (value as StaffState)
    : 'pending';
}
