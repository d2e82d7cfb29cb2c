import { ROADMAP_STAFF_STATES } from '@tenantry/shared';

export type StaffState = (typeof ROADMAP_STAFF_STATES)[number];

/** What the triage tab lists: pending suggestions, approved items or all, and a title search. */
export interface StaffFilters {
  state: StaffState;
  q: string;
}

export const STAFF_STATE_LABELS: Record<StaffState, string> = {
  pending: 'Waiting for approval',
  approved: 'On the roadmap',
  all: 'All',
};

export function readStaffState(value: string | null): StaffState {
  return (ROADMAP_STAFF_STATES as readonly string[]).includes(value ?? '')
    ? (value as StaffState)
    : 'pending';
}
