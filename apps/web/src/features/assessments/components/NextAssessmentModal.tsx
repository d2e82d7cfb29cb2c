import { ASSESSMENT_LIMITS, periodName, type AssessmentDetail } from '@tenantry/shared';
import {
  Alert,
  Button,
  Checkbox,
  Group,
  Modal,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { applyServerErrors } from '#web/lib/forms.ts';
import { useRespondents } from '../api/list-respondents.ts';
import { useStartNextAssessment } from '../api/start-next.ts';
import type { OwnerChoice } from './StartAssessmentModal.tsx';
import { t } from '../messages.ts';

interface NextValues {
  name: string;
  dueDate: string;
  ownerId: string;
  useNewestVersion: boolean;
  reinviteRespondents: boolean;
}

/** The due date three months after the previous one (or from today), as `YYYY-MM-DD`. */
export function nextDueDate(previous: string | null, today = new Date()): string {
  const from = previous ? new Date(`${previous}T00:00:00Z`) : today;
  const d = new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth() + 3, 1));
  const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(from.getUTCDate(), last));
  return d.toISOString().slice(0, 10);
}

function NextForm({
  tenantId,
  assessment: a,
  owners,
  onClose,
  onStarted,
}: {
  tenantId: string;
  assessment: AssessmentDetail;
  owners: OwnerChoice[] | undefined;
  onClose: () => void;
  onStarted: (id: string) => void;
}) {
  const start = useStartNextAssessment(tenantId, a.id);
  const respondents = useRespondents(tenantId, a.id);
  const invitable = respondents.data?.filter((r) => r.status !== 'revoked').length;
  const due = nextDueDate(a.dueDate);
  const form = useForm<NextValues>({
    initialValues: {
      name: periodName(a.framework.name, due),
      dueDate: due,
      ownerId: a.owner?.id ?? '',
      useNewestVersion: a.newerVersion !== null,
      reinviteRespondents: true,
    },
    validate: {
      name: (v) => (v.trim() ? null : t('next.name.required')),
    },
  });
  const ownerChoices = [...(owners ?? [])];
  if (a.owner && !ownerChoices.some((o) => o.id === a.owner!.id)) ownerChoices.unshift(a.owner);
  const fieldErrors = start.isError && Object.keys(form.errors).length > 0;

  return (
    <form
      noValidate
      aria-label={t('next.formLabel')}
      onSubmit={form.onSubmit((v) =>
        start.mutate(
          {
            name: v.name.trim(),
            dueDate: v.dueDate || null,
            ...(v.ownerId ? { ownerId: v.ownerId } : {}),
            useNewestVersion: v.useNewestVersion,
            reinviteRespondents: v.reinviteRespondents,
          },
          {
            onSuccess: (r) => onStarted(r.id),
            onError: (err) => applyServerErrors(form, err),
          },
        ),
      )}
    >
      <Stack gap="md">
        <Text size="sm">{t('next.intro', { framework: a.framework.name })}</Text>
        <TextInput
          label={t('next.name.label')}
          withAsterisk
          maxLength={ASSESSMENT_LIMITS.name}
          {...form.getInputProps('name')}
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextInput
            label={t('next.dueDate.label')}
            type="date"
            {...form.getInputProps('dueDate')}
          />
          <Select
            label={t('next.owner.label')}
            data={ownerChoices.map((o) => ({ value: o.id, label: o.name }))}
            disabled={!owners}
            placeholder={owners ? t('next.owner.placeholder') : t('next.owner.unlisted')}
            searchable
            allowDeselect={false}
            value={form.values.ownerId || null}
            onChange={(v) => form.setFieldValue('ownerId', v ?? '')}
            error={form.errors.ownerId}
          />
        </SimpleGrid>
        {a.newerVersion !== null ? (
          <Checkbox
            label={t('next.newest.label', { newer: a.newerVersion, current: a.framework.version })}
            description={t('next.newest.hint')}
            {...form.getInputProps('useNewestVersion', { type: 'checkbox' })}
          />
        ) : (
          <Text size="sm" c="dimmed">
            {t('next.newest.already', { version: a.framework.version })}
          </Text>
        )}
        <Checkbox
          label={
            invitable === undefined
              ? t('next.reinvite')
              : t('next.reinvite.count', { count: invitable })
          }
          disabled={invitable === 0}
          {...form.getInputProps('reinviteRespondents', { type: 'checkbox' })}
        />
        {start.isError && !fieldErrors ? (
          <Alert color="red" variant="light" role="alert">
            {start.error.message}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={start.isPending}>
            {t('next.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** "Start next assessment" on a completed assessment: the next period, its answers carried. */
export function NextAssessmentModal({
  opened,
  onClose,
  ...rest
}: {
  tenantId: string;
  assessment: AssessmentDetail;
  owners: OwnerChoice[] | undefined;
  opened: boolean;
  onClose: () => void;
  onStarted: (id: string) => void;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title={t('next.title')} size="lg">
      {opened ? <NextForm {...rest} onClose={onClose} /> : null}
    </Modal>
  );
}
