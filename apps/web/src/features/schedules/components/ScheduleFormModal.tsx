import {
  SCHEDULE_CADENCES,
  SCHEDULE_LIMITS,
  TENANT_LIMITS,
  type Schedule,
  type ScheduleCadence,
} from '@tenantry/shared';
import {
  Alert,
  Button,
  Checkbox,
  Group,
  List,
  Modal,
  NumberInput,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { applyServerErrors } from '#web/lib/forms.ts';
import { useFrameworkChoices, useTenantChoices } from '../api/list-choices.ts';
import { useCreateSchedule, useUpdateSchedule } from '../api/save-schedule.ts';
import { cadenceText, dayText, previewDates } from '../lib/schedule-view.ts';

export interface OwnerOption {
  id: string;
  name: string;
}

interface FormValues {
  target: 'tenant' | 'tag';
  tenantId: string;
  tag: string;
  frameworkId: string;
  cadence: ScheduleCadence;
  everyMonths: number | '';
  anchorDueDate: string;
  leadDays: number | '';
  ownerId: string;
  reinviteRespondents: boolean;
  useNewestVersion: boolean;
}

function initialValues(s: Schedule | null, tenantId: string | null, me: string | undefined) {
  return {
    target: s?.tag ? 'tag' : 'tenant',
    tenantId: s?.tenant?.id ?? tenantId ?? '',
    tag: s?.tag ?? '',
    frameworkId: s?.framework.id ?? '',
    cadence: s?.cadence ?? 'quarterly',
    everyMonths: s?.everyMonths ?? '',
    anchorDueDate: s?.anchorDueDate ?? '',
    leadDays: s?.leadDays ?? SCHEDULE_LIMITS.leadDaysDefault,
    ownerId: s?.owner?.id ?? me ?? '',
    reinviteRespondents: s?.reinviteRespondents ?? true,
    useNewestVersion: s?.useNewestVersion ?? true,
  } satisfies FormValues;
}

function ScheduleForm({
  schedule,
  tenantId,
  allowTags,
  owners,
  me,
  onClose,
}: {
  schedule: Schedule | null;
  tenantId: string | null;
  allowTags: boolean;
  owners: OwnerOption[] | undefined;
  me: string | undefined;
  onClose: () => void;
}) {
  const create = useCreateSchedule();
  const update = useUpdateSchedule(schedule?.id ?? '');
  const save = schedule ? update : create;
  const frameworks = useFrameworkChoices(!schedule);
  const tenants = useTenantChoices(!schedule && !tenantId);
  const form = useForm<FormValues>({
    initialValues: initialValues(schedule, tenantId, me) as FormValues,
    validate: {
      tenantId: (v, all) =>
        !schedule && all.target === 'tenant' && !v ? 'Choose a client tenant.' : null,
      tag: (v, all) => (!schedule && all.target === 'tag' && !v.trim() ? 'Give a tag.' : null),
      frameworkId: (v) => (!schedule && !v ? 'Choose a framework.' : null),
      anchorDueDate: (v) => (v ? null : 'Choose the first due date.'),
      everyMonths: (v, all) =>
        all.cadence === 'every_n_months' && v === '' ? 'Say every how many months.' : null,
      leadDays: (v) => (v === '' ? 'Say how many days before.' : null),
    },
  });
  const v = form.values;
  const dates = previewDates(v);
  const timing = {
    cadence: v.cadence,
    everyMonths: v.cadence === 'every_n_months' && v.everyMonths !== '' ? v.everyMonths : null,
    anchorDueDate: v.anchorDueDate,
    leadDays: v.leadDays === '' ? 0 : v.leadDays,
    ...(v.ownerId ? { ownerId: v.ownerId } : {}),
    reinviteRespondents: v.reinviteRespondents,
    useNewestVersion: v.useNewestVersion,
  };
  const fieldErrors = save.isError && Object.keys(form.errors).length > 0;

  return (
    <form
      noValidate
      aria-label="Schedule"
      onSubmit={form.onSubmit(() => {
        const onError = (err: Error) => applyServerErrors(form, err);
        if (schedule) {
          update.mutate(
            { ...timing, baseRevision: schedule.revision },
            { onSuccess: onClose, onError },
          );
        } else {
          create.mutate(
            {
              ...(v.target === 'tenant' ? { tenantId: v.tenantId } : { tag: v.tag.trim() }),
              frameworkId: v.frameworkId,
              ...timing,
            },
            { onSuccess: onClose, onError },
          );
        }
      })}
    >
      <Stack gap="md">
        {schedule ? (
          <Text size="sm">
            {schedule.framework.name} for{' '}
            {schedule.tenant ? schedule.tenant.name : `the tenants tagged “${schedule.tag}”`}
          </Text>
        ) : (
          <>
            {!tenantId && allowTags ? (
              <SegmentedControl
                aria-label="For"
                data={[
                  { value: 'tenant', label: 'One client tenant' },
                  { value: 'tag', label: 'Tenants with a tag' },
                ]}
                {...form.getInputProps('target')}
              />
            ) : null}
            {tenantId ? null : v.target === 'tenant' ? (
              <Select
                label="Client tenant"
                withAsterisk
                searchable
                data={tenants.data ?? []}
                placeholder={tenants.isError ? 'Client tenants could not be listed' : 'Choose one'}
                value={v.tenantId || null}
                onChange={(x) => form.setFieldValue('tenantId', x ?? '')}
                error={form.errors.tenantId}
              />
            ) : (
              <TextInput
                label="Tag"
                withAsterisk
                maxLength={TENANT_LIMITS.tag}
                description="Every client tenant carrying it when a run comes is in the schedule. A tenant without a completed assessment of the framework gets its first one, from scratch."
                {...form.getInputProps('tag')}
              />
            )}
            <Select
              label="Framework"
              withAsterisk
              searchable
              data={frameworks.data ?? []}
              placeholder={frameworks.isError ? 'Frameworks could not be listed' : 'Choose one'}
              value={v.frameworkId || null}
              onChange={(x) => form.setFieldValue('frameworkId', x ?? '')}
              error={form.errors.frameworkId}
            />
          </>
        )}
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <Select
            label="Cadence"
            data={SCHEDULE_CADENCES.map((c) => ({ value: c, label: cadenceText(c, null) }))}
            allowDeselect={false}
            value={v.cadence}
            onChange={(x) => form.setFieldValue('cadence', (x ?? 'quarterly') as ScheduleCadence)}
          />
          {v.cadence === 'every_n_months' ? (
            <NumberInput
              label="Every how many months"
              min={1}
              max={SCHEDULE_LIMITS.everyMonthsMax}
              allowDecimal={false}
              allowNegative={false}
              {...form.getInputProps('everyMonths')}
            />
          ) : null}
          <TextInput
            label="First due date"
            type="date"
            withAsterisk
            {...form.getInputProps('anchorDueDate')}
          />
          <NumberInput
            label="Create it this many days before"
            min={0}
            max={SCHEDULE_LIMITS.leadDaysMax}
            allowDecimal={false}
            allowNegative={false}
            suffix=" days"
            {...form.getInputProps('leadDays')}
          />
          <Select
            label="Owner"
            data={(owners ?? []).map((o) => ({ value: o.id, label: o.name }))}
            disabled={!owners}
            placeholder={owners ? 'Choose a member' : 'Members could not be listed'}
            searchable
            allowDeselect={false}
            value={v.ownerId || null}
            onChange={(x) => form.setFieldValue('ownerId', x ?? '')}
            error={form.errors.ownerId}
          />
        </SimpleGrid>
        <Checkbox
          label="Invite the respondents of the last assessment again"
          {...form.getInputProps('reinviteRespondents', { type: 'checkbox' })}
        />
        <Checkbox
          label="Use the framework’s newest published version"
          description="Answers follow their questions; those whose question was removed or no longer fits are not carried."
          {...form.getInputProps('useNewestVersion', { type: 'checkbox' })}
        />
        {dates.length ? (
          <div>
            <Text size="sm" fw={500}>
              Next assessments
            </Text>
            <List size="sm" spacing={2}>
              {dates.map((d) => (
                <List.Item key={d.dueDate}>
                  Due {dayText(d.dueDate)}, created {dayText(d.createOn)}
                </List.Item>
              ))}
            </List>
          </div>
        ) : null}
        {save.isError && !fieldErrors ? (
          <Alert color="red" variant="light" role="alert">
            {save.error.message}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending}>
            {schedule ? 'Save schedule' : 'Set up schedule'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Set up a schedule (for `tenantId`, else a tenant or a tag), or change `schedule`. */
export function ScheduleFormModal({
  opened,
  onClose,
  schedule,
  ...rest
}: {
  opened: boolean;
  onClose: () => void;
  schedule: Schedule | null;
  tenantId: string | null;
  allowTags: boolean;
  owners: OwnerOption[] | undefined;
  me: string | undefined;
}) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={schedule ? 'Change the schedule' : 'New schedule'}
      size="lg"
    >
      {opened ? <ScheduleForm schedule={schedule} {...rest} onClose={onClose} /> : null}
    </Modal>
  );
}
