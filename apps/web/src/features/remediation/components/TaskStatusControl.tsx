import { TASK_STATUSES, type TaskDetail, type TaskStatus } from '@tenantry/shared';
import { taskStatusLabel } from '#web/lib/labels.ts';
import { Alert, Button, Paper, Select, Stack, Text } from '@mantine/core';
import { IconShieldCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { NAME_WRAP } from '#web/components/NameText.tsx';
import { useUpdateTask } from '../api/update-task.ts';
import { formatDay } from '../lib/task-view.ts';
import { RiskAcceptForm } from './RiskAcceptForm.tsx';
import { t } from '../messages.ts';
import { rich } from '#web/i18n/rich.tsx';

/** Why a risk was accepted and when it is looked at again. */
export function AcceptedRisk({ task, onEdit }: { task: TaskDetail; onEdit: (() => void) | null }) {
  return (
    <Alert
      color="grape"
      variant="light"
      icon={<IconShieldCheck size={18} aria-hidden />}
      title={t('status.riskAccepted')}
    >
      <Stack gap={6} align="flex-start">
        <Text size="sm" style={{ ...NAME_WRAP, whiteSpace: 'pre-wrap' }}>
          {task.riskReason}
        </Text>
        {task.riskReviewDate ? (
          <Text size="sm">
            {rich(
              t,
              'status.reviewOn',
              {},
              {
                date: (
                  <strong>
                    <time dateTime={task.riskReviewDate}>{formatDay(task.riskReviewDate)}</time>
                  </strong>
                ),
              },
            )}
          </Text>
        ) : null}
        {onEdit ? (
          <Button size="compact-sm" variant="subtle" color="grape" onClick={onEdit}>
            {t('status.changeRisk')}
          </Button>
        ) : null}
      </Stack>
    </Alert>
  );
}

/**
 * The task's status: a choice for who may change it (saved at once; "Risk accepted" asks for a
 * reason and a review date first), and an accepted risk's reason and date.
 */
export function TaskStatusControl({
  tenantId,
  task,
  canChange,
}: {
  tenantId: string;
  task: TaskDetail;
  canChange: boolean;
}) {
  const update = useUpdateTask(tenantId);
  /** The risk form: accepting it now (`accept`) or changing an accepted one (`edit`). */
  const [risk, setRisk] = useState<'accept' | 'edit' | null>(null);
  const accepted = task.status === 'risk_accepted';

  const move = (status: TaskStatus) => {
    update.reset();
    if (status === task.status) return setRisk(null);
    if (status === 'risk_accepted') return setRisk('accept');
    setRisk(null);
    update.mutate({ taskId: task.id, patch: { status } });
  };

  return (
    <Stack gap="sm">
      {canChange ? (
        <Select
          label={t('status.label')}
          data={TASK_STATUSES.map((s) => ({ value: s, label: taskStatusLabel(s) }))}
          value={risk === 'accept' ? 'risk_accepted' : task.status}
          onChange={(v) => v && move(v as TaskStatus)}
          allowDeselect={false}
          disabled={update.isPending}
          w={220}
          maw="100%"
        />
      ) : null}
      {update.isError && risk === null ? (
        <Alert color="red" variant="light" role="alert" withCloseButton onClose={update.reset}>
          {update.error.message}
        </Alert>
      ) : null}
      {risk !== null ? (
        <Paper withBorder radius="md" p="sm">
          <RiskAcceptForm
            initial={
              risk === 'edit'
                ? { riskReason: task.riskReason ?? '', riskReviewDate: task.riskReviewDate ?? '' }
                : undefined
            }
            submitLabel={risk === 'edit' ? t('status.riskSave') : t('status.riskAccept')}
            onCancel={() => setRisk(null)}
            onSubmit={async (body) => {
              await update.mutateAsync({
                taskId: task.id,
                patch: risk === 'edit' ? body : { status: 'risk_accepted', ...body },
              });
              update.reset();
              setRisk(null);
            }}
          />
        </Paper>
      ) : accepted ? (
        <AcceptedRisk task={task} onEdit={canChange ? () => setRisk('edit') : null} />
      ) : null}
    </Stack>
  );
}
