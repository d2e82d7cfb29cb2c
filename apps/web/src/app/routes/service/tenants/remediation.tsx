import { Alert, Anchor, Divider, Group, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useId } from 'react';
import { Link, useSearchParams } from 'react-router';
import { NAME_WRAP } from '#web/components/NameText.tsx';
import { ChecklistView } from '#web/features/remediation/components/TaskChecklist.tsx';
import { CommentList } from '#web/features/remediation/components/TaskComments.tsx';
import { TaskCounts } from '#web/features/remediation/components/TaskCounts.tsx';
import { TaskDetailsView } from '#web/features/remediation/components/TaskDetailsForm.tsx';
import { TaskFacts } from '#web/features/remediation/components/TaskDrawer.tsx';
import { AcceptedRisk } from '#web/features/remediation/components/TaskStatusControl.tsx';
import { TaskTable } from '#web/features/remediation/components/TaskTable.tsx';
import {
  hasFilters,
  readFilters,
  toListQuery,
  writeParams,
  type TaskFilters,
} from '#web/features/remediation/lib/task-filters.ts';
import {
  useDrillTask,
  useDrillTasks,
} from '#web/features/service-console/tenants/api/tenants-api.ts';
import type { DrillHrefs } from '#web/features/service-console/tenants/lib/drill-view.ts';
import {
  DrillError,
  DrillLoading,
} from '#web/features/service-console/tenants/components/DrillStates.tsx';
import { t } from '../../../messages.ts';

type Ids = { accountId: string; tenantId: string };

/** One task, read-only: its facts, details, accepted risk, checklist and comments. */
function DrillTask({
  accountId,
  tenantId,
  taskId,
  href,
}: Ids & { taskId: string; href: DrillHrefs }) {
  const query = useDrillTask(accountId, tenantId, taskId);
  const listHref = href.tab(tenantId, 'remediation');
  const commentsId = useId();
  if (query.isPending)
    return <DrillLoading label={t('drill.task.loading')} heights={[28, 60, 160]} />;
  if (query.isError) {
    return (
      <DrillError
        error={query.error}
        what={t('drill.task.what')}
        back={{ to: listHref, label: t('drill.task.back') }}
        onRetry={() => void query.refetch()}
      />
    );
  }
  const task = query.data;
  return (
    <Stack gap="lg">
      <Anchor component={Link} to={listHref} size="sm">
        <Group gap={4} component="span">
          <IconArrowLeft size={14} aria-hidden /> {t('drill.task.all')}
        </Group>
      </Anchor>
      <Title order={3} size="h3" style={NAME_WRAP}>
        {task.title}
      </Title>
      <TaskFacts
        task={task}
        links={{
          assessmentHref: (id) => href.assessment(tenantId, id),
          questionHref: (id, key) => href.assessment(tenantId, id, key),
          playbookHref: null,
        }}
      />
      {task.status === 'risk_accepted' ? <AcceptedRisk task={task} onEdit={null} /> : null}
      <TaskDetailsView task={task} />
      <ChecklistView task={task} onTick={null} />
      <Divider />
      <Stack gap="sm" component="section" aria-labelledby={commentsId}>
        <Title order={4} size="h5" id={commentsId}>
          {task.comments.length
            ? t('drill.task.commentsCount', { n: task.comments.length })
            : t('drill.task.comments')}
        </Title>
        <CommentList comments={task.comments} />
      </Stack>
    </Stack>
  );
}

/** The tasks by status (each count filters the list: `?status=`, `?overdue=`) and the list. */
function DrillTaskList({ accountId, tenantId, href }: Ids & { href: DrillHrefs }) {
  const [params, setParams] = useSearchParams();
  const filters = readFilters(params);
  const query = useDrillTasks(accountId, tenantId, toListQuery(filters));
  const change = (patch: Partial<TaskFilters>) =>
    setParams(writeParams(params, patch), { replace: true });

  if (query.isPending) {
    return <DrillLoading label={t('drill.tasks.loading')} heights={[60, 44, 44, 44]} />;
  }
  if (query.isError) {
    return (
      <DrillError
        error={query.error}
        what={t('drill.tasks.what')}
        back={{ to: href.tenant(tenantId), label: t('drill.tasks.back') }}
        onRetry={() => void query.refetch()}
      />
    );
  }
  const list = query.data;
  const total = Object.entries(list.counts)
    .filter(([k]) => k !== 'overdue')
    .reduce((n, [, v]) => n + v, 0);
  return (
    <Stack
      gap="md"
      aria-busy={query.isPlaceholderData || undefined}
      style={{ opacity: query.isPlaceholderData ? 0.6 : undefined }}
    >
      <TaskCounts counts={list.counts} filters={filters} onChange={change} />
      {list.items.length === 0 ? (
        <Text c="dimmed" role="status">
          {total === 0
            ? t('drill.tasks.none')
            : hasFilters(filters)
              ? t('drill.tasks.noMatch')
              : t('drill.tasks.empty')}
        </Text>
      ) : (
        <TaskTable tasks={list.items} hrefFor={(id) => href.task(tenantId, id)} selection={null} />
      )}
      {list.truncated ? (
        <Alert color="gray" variant="light">
          {t('drill.tasks.truncated', { n: list.items.length })}
        </Alert>
      ) : null}
    </Stack>
  );
}

/** The remediation tab, read-only: the tasks, or with `?task=` one of them. */
export function DrillRemediation(props: Ids & { href: DrillHrefs }) {
  const [params] = useSearchParams();
  const taskId = params.get('task');
  return taskId ? (
    <DrillTask key={taskId} {...props} taskId={taskId} />
  ) : (
    <DrillTaskList {...props} />
  );
}
