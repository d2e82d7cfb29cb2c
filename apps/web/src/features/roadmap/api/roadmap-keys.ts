import type { RoadmapFilters } from '../lib/roadmap-view.ts';
import type { StaffFilters } from '../lib/staff-view.ts';

/** The roadmap's query keys: lists per filters, one detail per item, the staff lists. */
export const roadmapKeys = {
  all: ['roadmap'] as const,
  lists: () => [...roadmapKeys.all, 'list'] as const,
  list: (filters: RoadmapFilters) => [...roadmapKeys.lists(), filters] as const,
  details: () => [...roadmapKeys.all, 'detail'] as const,
  detail: (id: string) => [...roadmapKeys.details(), id] as const,
  staff: () => [...roadmapKeys.all, 'staff'] as const,
  staffList: (filters: StaffFilters) => [...roadmapKeys.staff(), filters] as const,
};
