import { type Task, type TaskStatus } from '@tenantry/shared';
import { taskStatusLabel } from '#web/lib/labels.ts';
import { Alert, Anchor, Button, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDownload, IconInfoCircle, IconPlus } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { ErrorAlert } from '#web/components/ErrorAlert.tsx';
import { ApiError } from '#web/lib/api.ts';
import { useBulkStatus } from '../api/bulk-status.ts';
import { tasksCsvHref, useTasks } from '../api/list-tasks.ts';
import { remediationKeys } from '../api/remediation-keys.ts';
import { useUpdateTask } from '../api/update-task.ts';
import type { RemediationAccess } from '../lib/access.ts';
import {
  hasFilters,
  readFilters,
  readView,
  writeParams,
  type TaskFilters as Filters,
  type TaskView,
} from '../lib/task-filters.ts';
import { totalTasks } from '../lib/task-view.ts';
import { BulkStatusBar } from './BulkStatusBar.tsx';
import { NewTaskModal } from './NewTaskModal.tsx';
import { RemediationEmptyState } from './RemediationEmptyState.tsx';
import { RiskAcceptModal } from './RiskAcceptModal.tsx';
import { TaskBoard } from './TaskBoard.tsx';
import { TaskCounts } from './TaskCounts.tsx';
import { TaskDrawer, type TaskLinks } from './TaskDrawer.tsx';
import { TaskFilters } from './TaskFilters.tsx';
import { TaskTable } from './TaskTable.tsx';
import { t } from '../messages.ts';

export interface RemediationPanelProps extends TaskLinks {
  tenantId: string;
  access: RemediationAccess;
  /** The tenant's assessments tab (where gap tasks are created). */
  assessmentsHref: string;
}

/** Tasks waiting for a risk's reason and review date before they move. */
interface RiskMove {
  ids: string[];
  /** Named in the dialog: "“Patch the firewall”", "3 tasks". */
  subject: string;
  bulk: boolean;
}

function LoadingTasks() {
  return (
    <Stack gap="md" aria-busy aria-label={t('panel.loading')}>
      <Group gap="xs">
        {[0, 1, 2, 3, 4].map((i) => (
          <Skeleton key={i} height={52} width={96} radius="md" />
        ))}
      </Group>
      <Skeleton height={56} radius="md" />
      <Group grow align="flex-start" gap="sm">
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} height={260} radius="md" />
        ))}
      </Group>
    </Stack>
  );
}

const notifyError = (title: string, err: Error) =>
  notifications.show({ color: 'red', title, message: err.message });

/**
 * The remediation tab of a client tenant: the tasks as a board (a column per status) or a list
 * (select several to change their status), filtered by status, assignee and overdue; counts;
 * "New task" and the CSV download; a task opens in a drawer. Filters, view and the open task
 * live in the URL (`?status=&assignee=&overdue=&view=&task=`).
 */
export function RemediationPanel({
  tenantId,
  access,
  assessmentsHref,
  ...links
}: RemediationPanelProps) {
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const filters = readFilters(params);
  const view = readView(params);
  const taskId = params.get('task') || null;
  const list = useTasks(tenantId, filters);
  const update = useUpdateTask(tenantId);
  const bulk = useBulkStatus(tenantId);
  const [creating, setCreating] = useState(false);
  const [selected, setSelected] = useState<Set<string>>(() => new Set());
  const [risk, setRisk] = useState<RiskMove | null>(null);

  const items = list.data?.items ?? [];
  // Only tasks on screen count as selected (a filter may have hidden some).
  const chosen = items.filter((task) => selected.has(task.id)).map((task) => task.id);

  const change = (patch: Partial<Filters> & { view?: TaskView }) =>
    setParams(writeParams(params, patch), { replace: true });
  const hrefFor = (id: string) => `?${writeParams(params, { task: id })}`;
  const openTask = (id: string) => setParams(writeParams(params, { task: id }));
  const closeTask = () => {
    const state = location.state as { openedFromTasks?: boolean } | null;
    if (state?.openedFromTasks) void navigate(-1);
    else setParams(writeParams(params, { task: null }), { replace: true });
  };

  const moveOne = (task: Task, status: TaskStatus) => {
    if (status === 'risk_accepted') {
      setRisk({
        ids: [task.id],
        subject: t('panel.risk.subjectOne', { title: task.title }),
        bulk: false,
      });
      return;
    }
    update.mutate(
      { taskId: task.id, patch: { status } },
      {
        onSuccess: () =>
          notifications.show({
            color: 'teal',
            message: t('panel.moved', { title: task.title, status: taskStatusLabel(status) }),
          }),
        onError: (err) => notifyError(t('panel.moveFailed', { title: task.title }), err),
      },
    );
  };

  const moveSelected = (status: TaskStatus) => {
    if (status === 'risk_accepted') {
      setRisk({
        ids: chosen,
        subject: t('panel.risk.subjectMany', { count: chosen.length }),
        bulk: true,
      });
      return;
    }
    bulk.mutate(
      { ids: chosen, status },
      {
        onSuccess: ({ updated }) => {
          setSelected(new Set());
          notifications.show({
            color: 'teal',
            message:
              updated > 0
                ? t('panel.bulkMoved', { count: updated, status: taskStatusLabel(status) })
                : t('panel.bulkAlready', { status: taskStatusLabel(status).toLowerCase() }),
          });
        },
        onError: (err) => notifyError(t('panel.bulkMoveFailed'), err),
      },
    );
  };

  const acceptRisk = async (body: { riskReason: string; riskReviewDate: string }) => {
    if (!risk) return;
    if (risk.bulk) {
      const { updated } = await bulk.mutateAsync({
        ids: risk.ids,
        status: 'risk_accepted',
        ...body,
      });
      setSelected(new Set());
      notifications.show({
        color: 'teal',
        message: t('panel.riskAcceptedMany', { count: updated }),
      });
    } else {
      await update.mutateAsync({
        taskId: risk.ids[0]!,
        patch: { status: 'risk_accepted', ...body },
      });
      notifications.show({
        color: 'teal',
        message: t('panel.riskAccepted', { subject: risk.subject }),
      });
    }
    setRisk(null);
  };

  const drawer = (
    <TaskDrawer
      tenantId={tenantId}
      taskId={taskId}
      access={access}
      assignees={list.data?.assignees ?? []}
      links={links}
      onClose={closeTask}
      onDeleted={(id) => {
        closeTask();
        qc.removeQueries({ queryKey: remediationKeys.detail(tenantId, id) });
        notifications.show({ color: 'teal', message: t('panel.deleted') });
      }}
    />
  );
  const newTask = access.manage ? (
    <NewTaskModal
      tenantId={tenantId}
      assignees={list.data?.assignees ?? []}
      opened={creating}
      onClose={() => setCreating(false)}
      onCreated={(task) => {
        setCreating(false);
        notifications.show({ color: 'teal', message: t('panel.created', { title: task.title }) });
        openTask(task.id);
      }}
    />
  ) : null;

  if (list.isPending) return <LoadingTasks />;
  if (list.isError) {
    const status = list.error instanceof ApiError ? list.error.status : 0;
    return status === 404 ? (
      <ErrorAlert title={t('panel.notFound.title')}>
        <Text size="sm">
          {t('panel.notFound.body')}{' '}
          <Anchor component={Link} to="/tenant" inherit>
            {t('panel.notFound.back')}
          </Anchor>
        </Text>
      </ErrorAlert>
    ) : (
      <ErrorAlert title={t('panel.loadFailed')}>
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{list.error.message}</Text>
          <Button size="xs" variant="light" color="red" onClick={() => void list.refetch()}>
            {t('panel.retry')}
          </Button>
        </Stack>
      </ErrorAlert>
    );
  }

  const d = list.data;
  if (totalTasks(d.counts) === 0) {
    return (
      <>
        <RemediationEmptyState
          assessmentsHref={assessmentsHref}
          onCreate={access.manage ? () => setCreating(true) : null}
        />
        {newTask}
        {drawer}
      </>
    );
  }

  return (
    <Stack
      gap="md"
      aria-busy={list.isPlaceholderData || undefined}
      style={{ opacity: list.isPlaceholderData ? 0.6 : undefined, transition: 'opacity 150ms' }}
    >
      <Group justify="space-between" align="flex-end" gap="sm" wrap="wrap">
        <Stack gap={6}>
          <Title order={2} size="h4">
            {t('panel.title')}
          </Title>
          <TaskCounts counts={d.counts} filters={filters} onChange={change} />
        </Stack>
        <Group gap="xs">
          <Button
            component="a"
            variant="default"
            href={tasksCsvHref(tenantId)}
            download
            leftSection={<IconDownload size={16} aria-hidden />}
          >
            {t('panel.download')}
          </Button>
          {access.manage ? (
            <Button
              leftSection={<IconPlus size={18} aria-hidden />}
              onClick={() => setCreating(true)}
            >
              {t('panel.new')}
            </Button>
          ) : null}
        </Group>
      </Group>
      <TaskFilters
        filters={filters}
        onChange={change}
        assignees={d.assignees}
        showMine={access.member}
        view={view}
        onView={(v) => change({ view: v })}
      />
      {d.truncated ? (
        <Alert color="gray" variant="light" icon={<IconInfoCircle size={18} aria-hidden />}>
          <Text size="sm">{t('panel.truncated', { count: d.items.length })}</Text>
        </Alert>
      ) : null}
      {items.length === 0 ? (
        <Stack gap="xs" align="flex-start" role="status">
          <Text c="dimmed">{hasFilters(filters) ? t('panel.noMatch') : t('panel.none')}</Text>
          {hasFilters(filters) ? (
            <Button
              variant="light"
              size="xs"
              onClick={() => change({ status: null, assignee: null, overdue: false })}
            >
              {t('panel.clearFilters')}
            </Button>
          ) : null}
        </Stack>
      ) : view === 'board' ? (
        <TaskBoard
          tasks={items}
          status={filters.status}
          hrefFor={hrefFor}
          onMove={access.contribute ? moveOne : null}
        />
      ) : (
        <Stack gap="xs">
          {chosen.length > 0 ? (
            <BulkStatusBar
              count={chosen.length}
              busy={bulk.isPending}
              onMove={moveSelected}
              onClear={() => setSelected(new Set())}
            />
          ) : null}
          <TaskTable
            tasks={items}
            hrefFor={hrefFor}
            selection={
              access.contribute ? { selected: new Set(chosen), onChange: setSelected } : null
            }
          />
        </Stack>
      )}
      {newTask}
      {drawer}
      <RiskAcceptModal
        subject={risk?.subject ?? null}
        onSubmit={acceptRisk}
        onClose={() => setRisk(null)}
      />
    </Stack>
  );
}

export default RemediationPanel;
