import { useQueryClient } from '@tanstack/react-query';
import { roadmapKeys } from './roadmap-keys.ts';

/** The path of a staff route on one item. */
export const staffItemPath = (id: string, rest: string) =>
  `/api/v1/service/roadmap/items/${encodeURIComponent(id)}${rest}`;

/** After a staff change every roadmap cache entry is stale (lists, details, staff lists). */
export function useInvalidateRoadmap() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: roadmapKeys.all });
}
