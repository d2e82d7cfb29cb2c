import {
  AssessmentDetailSchema,
  AssessmentPageSchema,
  BaselineComparisonSchema,
  ServiceTenantPageSchema,
  ServiceTenantViewSchema,
  TaskDetailSchema,
  TaskListSchema,
  type AssessmentListQuery,
  type TenantListQueryInput,
} from '@tenantry/shared';
import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api.ts';
import { serviceKeys } from '../../api/service-keys.ts';

/**
 * The tenants drill-down's reads (GET /api/v1/service/accounts/{accountId}/tenants…). Each view
 * is audited on the server; nothing here writes. Read fresh every time the screen shows it.
 */
const base = (accountId: string) =>
  `/api/v1/service/accounts/${encodeURIComponent(accountId)}/tenants`;
const one = (accountId: string, tenantId: string) =>
  `${base(accountId)}/${encodeURIComponent(tenantId)}`;

type ListFilters = Omit<TenantListQueryInput, 'cursor'>;
/** A list's query as the route builds it (the tasks tab's filters: `toListQuery`). */
type Query = Record<string, unknown>;

/** `?k=v…` of a query (what is empty left out), with the page's cursor. */
function search(query: Query, cursor: string | null = null): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) {
    if (typeof v === 'string' ? v !== '' : typeof v === 'number') q.set(k, String(v));
  }
  if (cursor) q.set('cursor', cursor);
  const s = q.toString();
  return s ? `?${s}` : '';
}
const keys = {
  account: (accountId: string) => [...serviceKeys.all, 'drill', accountId] as const,
  list: (accountId: string, f: ListFilters) => [...keys.account(accountId), 'list', f] as const,
  tenant: (accountId: string, tenantId: string) =>
    [...keys.account(accountId), 'tenant', tenantId] as const,
};

/** The account's client tenants, page after page ("Load more"). */
export function useDrillTenantList(accountId: string, filters: ListFilters) {
  return useInfiniteQuery({
    queryKey: keys.list(accountId, filters),
    queryFn: ({ pageParam, signal }) =>
      apiFetch(`${base(accountId)}${search(filters, pageParam)}`, {
        schema: ServiceTenantPageSchema,
        signal,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    placeholderData: (prev) => prev,
  });
}

/** One client tenant and its overview. */
export function useDrillTenant(accountId: string, tenantId: string) {
  return useQuery({
    queryKey: keys.tenant(accountId, tenantId),
    queryFn: ({ signal }) =>
      apiFetch(one(accountId, tenantId), { schema: ServiceTenantViewSchema, signal }),
  });
}

/** The tenant's assessments, page after page. */
export function useDrillAssessments(
  accountId: string,
  tenantId: string,
  status: AssessmentListQuery['status'],
) {
  return useInfiniteQuery({
    queryKey: [...keys.tenant(accountId, tenantId), 'assessments', status],
    queryFn: ({ pageParam, signal }) =>
      apiFetch(`${one(accountId, tenantId)}/assessments${search({ status }, pageParam)}`, {
        schema: AssessmentPageSchema,
        signal,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    placeholderData: (prev) => prev,
  });
}

/** One assessment: its framework cut to its scope, answers and scores. */
export function useDrillAssessment(accountId: string, tenantId: string, assessmentId: string) {
  return useQuery({
    queryKey: [...keys.tenant(accountId, tenantId), 'assessment', assessmentId],
    queryFn: ({ signal }) =>
      apiFetch(`${one(accountId, tenantId)}/assessments/${encodeURIComponent(assessmentId)}`, {
        schema: AssessmentDetailSchema,
        signal,
      }),
  });
}

/** The baseline and an assessment compared with it (`compare`; default the latest). */
export function useDrillBaseline(accountId: string, tenantId: string, compare: string | undefined) {
  return useQuery({
    queryKey: [...keys.tenant(accountId, tenantId), 'baseline', compare ?? null],
    queryFn: ({ signal }) =>
      apiFetch(`${one(accountId, tenantId)}/baseline${search({ compare })}`, {
        schema: BaselineComparisonSchema,
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** The tenant's tasks matching the query, with the counts of all of them. */
export function useDrillTasks(accountId: string, tenantId: string, query: Query) {
  return useQuery({
    queryKey: [...keys.tenant(accountId, tenantId), 'tasks', query],
    queryFn: ({ signal }) =>
      apiFetch(`${one(accountId, tenantId)}/tasks${search(query)}`, {
        schema: TaskListSchema,
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** One task with its checklist and comments. */
export function useDrillTask(accountId: string, tenantId: string, taskId: string) {
  return useQuery({
    queryKey: [...keys.tenant(accountId, tenantId), 'task', taskId],
    queryFn: ({ signal }) =>
      apiFetch(`${one(accountId, tenantId)}/tasks/${encodeURIComponent(taskId)}`, {
        schema: TaskDetailSchema,
        signal,
      }),
  });
}
