import { DUE_GROUPS, type Dashboard, type DueAssessment, type DueGroup } from '@tenantry/shared';
import { t } from '../messages.ts';

export interface DueGroupView {
  group: DueGroup;
  title: string;
  count: number;
  items: DueAssessment[];
  /** Counted in the group but not listed. */
  more: number;
}

const title = (group: DueGroup): string => t(`due.group.${group}`);

/** The due-date groups that hold something, in their order, with what is left unlisted. */
export function dueGroupsView(d: Dashboard['dueDates']): DueGroupView[] {
  return DUE_GROUPS.map((group) => {
    const items = d.items.filter((i) => i.group === group);
    const count = Math.max(d.counts[group], items.length);
    return { group, title: title(group), count, items, more: count - items.length };
  }).filter((g) => g.count > 0);
}
