import type { GapTasksResult, PersonRef } from '@tenantry/shared';
import {
  Alert,
  Anchor,
  Button,
  Modal,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconChecklist } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { FormActions } from '#web/components/FormActions.tsx';
import { applyServerErrors } from '#web/lib/forms.ts';
import { useCreateGapTasks } from '../api/create-gap-tasks.ts';
import { t } from '../messages.ts';

export interface GapTasksButtonProps {
  tenantId: string;
  assessmentId: string;
  /** How many gap questions the assessment has. */
  gaps: number;
  /** The members tasks can be assigned to (undefined: not listed yet). */
  assignees: readonly PersonRef[] | undefined;
  /** The tenant's remediation tab. */
  remediationHref: string;
  /** Called once tasks were made (a screen that shows them reads them again). */
  onCreated?: () => void;
}

/** "12 tasks created, 3 skipped (already open)". */
export function gapTasksSummary(r: Pick<GapTasksResult, 'created' | 'skipped'>): string {
  if (r.created === 0 && r.skipped > 0) {
    return t('gaps.summary.noneCreated', { skipped: r.skipped });
  }
  return r.skipped > 0
    ? t('gaps.summary.createdSkipped', { created: r.created, skipped: r.skipped })
    : t('gaps.summary.created', { created: r.created });
}

interface Values {
  assigneeId: string;
  dueDate: string;
}

/**
 * "Create tasks for gaps" on an assessment's screen: a task for every gap question that has
 * none open (assignee and due date for all of them), then a note with a link to the tasks.
 * Notifications live outside the router: the link navigates itself.
 */
export function GapTasksButton({
  tenantId,
  assessmentId,
  gaps,
  assignees,
  remediationHref,
  onCreated,
}: GapTasksButtonProps) {
  const [opened, setOpened] = useState(false);
  const create = useCreateGapTasks(tenantId, assessmentId);
  const navigate = useNavigate();
  const form = useForm<Values>({ initialValues: { assigneeId: '', dueDate: '' } });
  const id = `gap-tasks-${assessmentId}`;
  const close = () => {
    create.reset();
    form.reset();
    setOpened(false);
  };
  const fieldErrors = create.isError && Object.keys(form.errors).length > 0;

  const done = (r: GapTasksResult) => {
    close();
    onCreated?.();
    notifications.show({
      id,
      color: r.created > 0 ? 'green' : 'gray',
      message: (
        <Stack gap={4} align="flex-start">
          <Text size="sm">{gapTasksSummary(r)}</Text>
          <Anchor
            href={remediationHref}
            size="sm"
            fw={500}
            onClick={(e) => {
              e.preventDefault();
              notifications.hide(id);
              void navigate(remediationHref);
            }}
          >
            {t('gaps.open')}
          </Anchor>
        </Stack>
      ),
    });
  };

  return (
    <>
      <Button
        variant="light"
        leftSection={<IconChecklist size={16} aria-hidden />}
        onClick={() => setOpened(true)}
      >
        {t('gaps.button')}
      </Button>
      <Modal opened={opened} onClose={close} title={t('gaps.title')} centered>
        <form
          noValidate
          aria-label={t('gaps.formLabel')}
          onSubmit={form.onSubmit((v) =>
            create.mutate(
              { assigneeId: v.assigneeId || null, dueDate: v.dueDate || null },
              { onSuccess: done, onError: (err) => applyServerErrors(form, err) },
            ),
          )}
        >
          <Stack gap="md">
            <Text size="sm">{t('gaps.intro', { count: gaps })}</Text>
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
              <Select
                label={t('gaps.assignee')}
                placeholder={assignees ? t('gaps.assignee.nobody') : t('gaps.assignee.loading')}
                data={(assignees ?? []).map((p) => ({ value: p.id, label: p.name }))}
                disabled={!assignees}
                clearable
                searchable
                {...form.getInputProps('assigneeId')}
                value={form.values.assigneeId || null}
                onChange={(v) => form.setFieldValue('assigneeId', v ?? '')}
              />
              <TextInput label={t('gaps.dueDate')} type="date" {...form.getInputProps('dueDate')} />
            </SimpleGrid>
            {create.isError && !fieldErrors ? (
              <Alert color="red" variant="light" role="alert">
                {create.error.message}
              </Alert>
            ) : null}
            <FormActions
              submitLabel={t('gaps.submit')}
              pending={create.isPending}
              onCancel={close}
            />
          </Stack>
        </form>
      </Modal>
    </>
  );
}
