import { PLANS, type SubscriptionRow } from '@tenantry/shared';
import { Button, Group, Modal, Select, Stack, Text, Textarea } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { ErrorAlert } from '#web/components/ErrorAlert.tsx';
import { applyServerErrors } from '#web/lib/forms.ts';
import { useCompPlan } from '../api/comp-plan.ts';
import {
  CompFormSchema,
  compChoices,
  compInput,
  type CompFormValues,
} from '../lib/subscriptions-view.ts';
import { t } from '../messages.ts';

/** "Comp a plan…": give the account a plan free of charge, or end the one given. */
export function CompPlanModal({
  row,
  onClose,
}: {
  row: SubscriptionRow | null;
  onClose: () => void;
}) {
  return (
    <Modal opened={row !== null} onClose={onClose} title={t('comp.title')} centered>
      {row ? <CompPlanForm row={row} onClose={onClose} /> : null}
    </Modal>
  );
}

function CompPlanForm({ row, onClose }: { row: SubscriptionRow; onClose: () => void }) {
  const comp = useCompPlan();
  const form = useForm<CompFormValues>({
    initialValues: { plan: '', reason: '' },
    validate: schemaResolver(CompFormSchema, { sync: true }),
  });
  const fieldErrors = Object.keys(form.errors).length > 0;
  return (
    <form
      noValidate
      aria-label={t('comp.title')}
      onSubmit={form.onSubmit((values) => {
        const input = compInput(CompFormSchema.parse(values));
        comp.mutate(
          { accountId: row.accountId, ...input },
          {
            onSuccess: () => {
              notifications.show({
                color: 'teal',
                message: input.plan
                  ? t('comp.done', { account: row.accountName, plan: PLANS[input.plan].name })
                  : t('comp.ended', { account: row.accountName }),
              });
              onClose();
            },
            onError: (err) => applyServerErrors(form, err),
          },
        );
      })}
    >
      <Stack gap="sm">
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {row.comped
            ? t('comp.intro.comped', { account: row.accountName, plan: PLANS[row.plan].name })
            : t('comp.intro', { account: row.accountName })}
        </Text>
        <Select
          label={t('comp.plan.label')}
          placeholder={t('comp.plan.placeholder')}
          data={compChoices(row)}
          allowDeselect={false}
          withAsterisk
          comboboxProps={{ withinPortal: false }}
          {...form.getInputProps('plan')}
        />
        <Textarea
          label={t('comp.reason.label')}
          description={t('comp.reason.description')}
          autosize
          minRows={2}
          maxLength={500}
          withAsterisk
          {...form.getInputProps('reason')}
        />
        {comp.isError && !fieldErrors ? (
          <ErrorAlert title={t('comp.failed')}>{comp.error.message}</ErrorAlert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('comp.cancel')}
          </Button>
          <Button type="submit" loading={comp.isPending}>
            {t('comp.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
