import type { AssessmentSummary } from '@tenantry/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '#web/test/fixtures.ts';
import { renderRoutes, stubApi } from '#web/test/render-routes.tsx';
import { AssessmentsTab } from './AssessmentsTab.tsx';

const T = { timeout: 5_000 };
const LIST = '/api/v1/tenants/t1/assessments';

const SUMMARY: AssessmentSummary = {
  id: 'a1',
  tenantId: 't1',
  name: 'MSP Essentials – March 2026',
  status: 'in_progress',
  framework: { id: 'f1', key: 'msp', name: 'MSP Essentials', version: 2 },
  owner: { id: 'u1', name: 'Robin Park' },
  dueDate: '2020-01-31',
  language: null,
  score: 0.625,
  completion: 0.5,
  answered: 3,
  total: 6,
  provisional: true,
  respondents: { total: 3, submitted: 1 },
  lastAnswer: { at: new Date().toISOString(), by: 'Ada', source: 'respondent' },
  createdAt: '2026-03-01T09:00:00.000Z',
  updatedAt: '2026-03-01T09:00:00.000Z',
  completedAt: null,
};

/** An EventSource the test drives: `emit` sends one `assessment` event. */
class FakeEventSource {
  static last: FakeEventSource | null = null;
  static CLOSED = 2;
  readyState = 1;
  onopen: (() => void) | null = null;
  onerror: (() => void) | null = null;
  private listeners: Array<(e: MessageEvent) => void> = [];
  constructor(readonly url: string) {
    FakeEventSource.last = this;
  }
  addEventListener(_type: string, fn: (e: MessageEvent) => void) {
    this.listeners.push(fn);
  }
  close() {
    this.readyState = 2;
  }
  emit(data: unknown) {
    for (const fn of this.listeners)
      fn(new MessageEvent('assessment', { data: JSON.stringify(data) }));
  }
}

function renderTab(onStart: (() => void) | null, items: AssessmentSummary[] = [SUMMARY]) {
  const calls = stubApi({
    [`GET ${LIST}`]: () => jsonResponse({ items, nextCursor: null }),
  });
  const router = renderRoutes(
    [
      {
        path: '/tenant/:tenantId/assessments',
        element: (
          <AssessmentsTab
            tenantId="t1"
            hrefFor={(id) => `/tenant/t1/assessments/${id}`}
            onStart={onStart}
          />
        ),
      },
    ],
    '/tenant/t1/assessments',
  );
  return { calls, router };
}

describe('the assessments tab', () => {
  it('lists assessments with framework, status, owner, due date, progress, score and activity', async () => {
    renderTab(() => {});
    const table = await screen.findByRole('table', { name: 'Assessments' }, T);
    const row = within(table).getAllByRole('row')[1]!;
    expect(within(row).getByRole('link', { name: SUMMARY.name }).getAttribute('href')).toBe(
      '/tenant/t1/assessments/a1',
    );
    expect(within(row).getByText('MSP Essentials · v2')).toBeTruthy();
    expect(within(row).getByText('In progress')).toBeTruthy();
    expect(within(row).getByText('Robin Park')).toBeTruthy();
    expect(within(row).getByText(/overdue/)).toBeTruthy();
    expect(within(row).getByText('3/6')).toBeTruthy();
    expect(within(row).getByText('63 %')).toBeTruthy();
    // In progress: the score is provisional, with what it stands on (docs/scoring.md).
    expect(within(row).getByText('Provisional')).toBeTruthy();
    expect(within(row).getByText('so far, 3 of 6 answered')).toBeTruthy();
    expect(
      within(row).getByText('Answered by Ada just now · respondents: 1 of 3 submitted'),
    ).toBeTruthy();
  });

  it('filters open and completed ones through the URL', async () => {
    const { calls, router } = renderTab(() => {});
    await screen.findByRole('table', { name: 'Assessments' }, T);
    await userEvent.click(screen.getByRole('radio', { name: 'Completed' }));
    await waitFor(() =>
      expect(calls.some((c) => c.url.searchParams.get('status') === 'completed')).toBe(true),
    );
    expect(router.state.location.search).toBe('?status=completed');
  });

  it('explains an empty tenant and offers to start, or says who starts them', async () => {
    const onStart = vi.fn();
    renderTab(onStart, []);
    expect(await screen.findByRole('heading', { name: 'No assessments yet' }, T)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Start assessment' }));
    expect(onStart).toHaveBeenCalled();
  });

  it('does not offer a shared user to start one', async () => {
    renderTab(null, []);
    expect(await screen.findByRole('heading', { name: 'No assessments yet' }, T)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Start assessment' })).toBeNull();
    expect(screen.getByText(/The account that shares this client tenant/)).toBeTruthy();
  });

  it('reads the list again when the live stream names an assessment', async () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    const { calls } = renderTab(() => {});
    await screen.findByRole('table', { name: 'Assessments' }, T);
    expect(FakeEventSource.last?.url).toBe('/api/v1/tenants/t1/live');
    const reads = () => calls.filter((c) => c.path === LIST).length;
    const before = reads();
    act(() => FakeEventSource.last!.emit({ assessmentId: 'a1', kinds: ['answer'] }));
    await waitFor(() => expect(reads()).toBe(before + 1));
  });
});
