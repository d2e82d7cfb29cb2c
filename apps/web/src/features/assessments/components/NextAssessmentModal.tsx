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
      name: (v) => (v.trim() ? null : 'Give the assessment a name.'),
    },
  });
  const ownerChoices = [...(owners ?? [])];
  if (a.owner && !ownerChoices.some((o) => o.id === a.owner!.id)) ownerChoices.unshift(a.owner);
  const fieldErrors = start.isError && Object.keys(form.errors).length > 0;

  return (
    <form
      noValidate
      aria-label="Next assessment"
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
        <Text size="sm">
          A new draft of {a.framework.name} for this client tenant. Every answer of this assessment
          is carried into it, marked to confirm: still true, or changed.
        </Text>
        <TextInput
          label="Name"
          withAsterisk
          maxLength={ASSESSMENT_LIMITS.name}
          {...form.getInputProps('name')}
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextInput label="Due date" type="date" {...form.getInputProps('dueDate')} />
          <Select
            label="Owner"
            data={ownerChoices.map((o) => ({ value: o.id, label: o.name }))}
            disabled={!owners}
            placeholder={owners ? 'Choose a member' : 'Members could not be listed'}
            searchable
            allowDeselect={false}
            value={form.values.ownerId || null}
            onChange={(v) => form.setFieldValue('ownerId', v ?? '')}
            error={form.errors.ownerId}
          />
        </SimpleGrid>
        {a.newerVersion !== null ? (
          <Checkbox
            label={`Use the newest version (version ${a.newerVersion}; this one is on version ${a.framework.version})`}
            description="Answers follow their questions; those whose question was removed or no longer fits are not carried."
            {...form.getInputProps('useNewestVersion', { type: 'checkbox' })}
          />
        ) : (
          <Text size="sm" c="dimmed">
            On version {a.framework.version}, the newest published version.
          </Text>
        )}
        <Checkbox
          label={
            invitable === undefined
              ? 'Invite the respondents again'
              : `Invite the respondents again (${invitable} ${invitable === 1 ? 'person' : 'people'}, each e-mailed a new link)`
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
            Cancel
          </Button>
          <Button type="submit" loading={start.isPending}>
            Start next assessment
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
    <Modal opened={opened} onClose={onClose} title="Start the next assessment" size="lg">
      {opened ? <NextForm {...rest} onClose={onClose} /> : null}
    </Modal>
  );
}
