import {
  ScheduleSchema,
  type CreateSchedule,
  type Schedule,
  type UpdateSchedule,
} from '@tenantry/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api.ts';
import { scheduleKeys } from './schedule-keys.ts';

export type ScheduleMove = 'pause' | 'resume' | 'end';

/** POST /api/v1/schedules. */
export const createSchedule = (body: CreateSchedule): Promise<Schedule> =>
  apiFetch('/api/v1/schedules', { method: 'POST', body, schema: ScheduleSchema });

/** PATCH /api/v1/schedules/{id} (409 `schedules.edit_conflict` when it moved since). */
export const updateSchedule = (id: string, body: UpdateSchedule): Promise<Schedule> =>
  apiFetch(`/api/v1/schedules/${encodeURIComponent(id)}`, {
    method: 'PATCH',
    body,
    schema: ScheduleSchema,
  });

/** POST /api/v1/schedules/{id}/pause|resume|end. */
export const moveSchedule = (id: string, move: ScheduleMove): Promise<Schedule> =>
  apiFetch(`/api/v1/schedules/${encodeURIComponent(id)}/${move}`, {
    method: 'POST',
    body: {},
    schema: ScheduleSchema,
  });

/** Every schedule list is read again after a change (the account's and the tenants'). */
function useRefresh() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: scheduleKeys.all });
}

export function useCreateSchedule() {
  const refresh = useRefresh();
  return useMutation({ mutationFn: createSchedule, onSuccess: refresh });
}

export function useUpdateSchedule(id: string) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: UpdateSchedule) => updateSchedule(id, body),
    onSuccess: refresh,
  });
}

export function useMoveSchedule(id: string) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (move: ScheduleMove) => moveSchedule(id, move),
    onSuccess: refresh,
  });
}
