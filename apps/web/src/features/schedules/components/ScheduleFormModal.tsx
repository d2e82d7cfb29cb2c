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
import { t } from '../messages.ts';

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
        !schedule && all.target === 'tenant' && !v ? t('form.tenant.required') : null,
      tag: (v, all) =>
        !schedule && all.target === 'tag' && !v.trim() ? t('form.tag.required') : null,
      frameworkId: (v) => (!schedule && !v ? t('form.framework.required') : null),
      anchorDueDate: (v) => (v ? null : t('form.anchor.required')),
      everyMonths: (v, all) =>
        all.cadence === 'every_n_months' && v === '' ? t('form.everyMonths.required') : null,
      leadDays: (v) => (v === '' ? t('form.leadDays.required') : null),
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
      aria-label={t('form.label')}
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
            {schedule.tenant
              ? t('form.editing.tenant', {
                  framework: schedule.framework.name,
                  tenant: schedule.tenant.name,
                })
              : t('form.editing.tag', {
                  framework: schedule.framework.name,
                  tag: schedule.tag ?? '',
                })}
          </Text>
        ) : (
          <>
            {!tenantId && allowTags ? (
              <SegmentedControl
                aria-label={t('form.target.label')}
                data={[
                  { value: 'tenant', label: t('form.target.tenant') },
                  { value: 'tag', label: t('form.target.tag') },
                ]}
                {...form.getInputProps('target')}
              />
            ) : null}
            {tenantId ? null : v.target === 'tenant' ? (
              <Select
                label={t('form.tenant.label')}
                withAsterisk
                searchable
                data={tenants.data ?? []}
                placeholder={
                  tenants.isError ? t('form.tenant.failed') : t('form.tenant.placeholder')
                }
                value={v.tenantId || null}
                onChange={(x) => form.setFieldValue('tenantId', x ?? '')}
                error={form.errors.tenantId}
              />
            ) : (
              <TextInput
                label={t('form.tag.label')}
                withAsterisk
                maxLength={TENANT_LIMITS.tag}
                description={t('form.tag.description')}
                {...form.getInputProps('tag')}
              />
            )}
            <Select
              label={t('form.framework.label')}
              withAsterisk
              searchable
              data={frameworks.data ?? []}
              placeholder={
                frameworks.isError ? t('form.framework.failed') : t('form.framework.placeholder')
              }
              value={v.frameworkId || null}
              onChange={(x) => form.setFieldValue('frameworkId', x ?? '')}
              error={form.errors.frameworkId}
            />
          </>
        )}
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <Select
            label={t('form.cadence.label')}
            data={SCHEDULE_CADENCES.map((c) => ({ value: c, label: cadenceText(c, null) }))}
            allowDeselect={false}
            value={v.cadence}
            onChange={(x) => form.setFieldValue('cadence', (x ?? 'quarterly') as ScheduleCadence)}
          />
          {v.cadence === 'every_n_months' ? (
            <NumberInput
              label={t('form.everyMonths.label')}
              min={1}
              max={SCHEDULE_LIMITS.everyMonthsMax}
              allowDecimal={false}
              allowNegative={false}
              {...form.getInputProps('everyMonths')}
            />
          ) : null}
          <TextInput
            label={t('form.anchor.label')}
            type="date"
            withAsterisk
            {...form.getInputProps('anchorDueDate')}
          />
          <NumberInput
            label={t('form.leadDays.label')}
            min={0}
            max={SCHEDULE_LIMITS.leadDaysMax}
            allowDecimal={false}
            allowNegative={false}
            suffix={` ${t('form.leadDays.suffix')}`}
            {...form.getInputProps('leadDays')}
          />
          <Select
            label={t('form.owner.label')}
            data={(owners ?? []).map((o) => ({ value: o.id, label: o.name }))}
            disabled={!owners}
            placeholder={owners ? t('form.owner.placeholder') : t('form.owner.failed')}
            searchable
            allowDeselect={false}
            value={v.ownerId || null}
            onChange={(x) => form.setFieldValue('ownerId', x ?? '')}
            error={form.errors.ownerId}
          />
        </SimpleGrid>
        <Checkbox
          label={t('form.reinvite')}
          {...form.getInputProps('reinviteRespondents', { type: 'checkbox' })}
        />
        <Checkbox
          label={t('form.newest.label')}
          description={t('form.newest.description')}
          {...form.getInputProps('useNewestVersion', { type: 'checkbox' })}
        />
        {dates.length ? (
          <div>
            <Text size="sm" fw={500}>
              {t('form.next')}
            </Text>
            <List size="sm" spacing={2}>
              {dates.map((d) => (
                <List.Item key={d.dueDate}>
                  {t('form.nextRun', { due: dayText(d.dueDate), createOn: dayText(d.createOn) })}
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
            {t('form.cancel')}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {schedule ? t('form.save') : t('form.create')}
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
      title={schedule ? t('form.titleEdit') : t('form.titleNew')}
      size="lg"
    >
      {opened ? <ScheduleForm schedule={schedule} {...rest} onClose={onClose} /> : null}
    </Modal>
  );
}
