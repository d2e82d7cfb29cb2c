import type { SubscriptionRow } from '@tenantry/shared';
import { Button, Group, Modal, NumberInput, Stack, Text } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { ErrorAlert } from '#web/components/ErrorAlert.tsx';
import { formatDate } from '#web/lib/format.ts';
import { applyServerErrors } from '#web/lib/forms.ts';
import { useExtendTrial } from '../api/extend-trial.ts';
import { EXTEND_TRIAL_DEFAULT_DAYS, ExtendTrialFormSchema } from '../lib/subscriptions-view.ts';
import { t } from '../messages.ts';

/** "Extend trial…": the account's trial ends some days later (from today once it has ended). */
export function ExtendTrialModal({
  row,
  onClose,
}: {
  row: SubscriptionRow | null;
  onClose: () => void;
}) {
  return (
    <Modal opened={row !== null} onClose={onClose} title={t('trial.title')} centered>
      {row ? <ExtendTrialForm row={row} onClose={onClose} /> : null}
    </Modal>
  );
}

function ExtendTrialForm({ row, onClose }: { row: SubscriptionRow; onClose: () => void }) {
  const extend = useExtendTrial();
  const form = useForm<{ days: number | string }>({
    initialValues: { days: EXTEND_TRIAL_DEFAULT_DAYS },
    validate: schemaResolver(ExtendTrialFormSchema, { sync: true }),
  });
  const fieldErrors = Object.keys(form.errors).length > 0;
  return (
    <form
      noValidate
      aria-label={t('trial.title')}
      onSubmit={form.onSubmit((values) => {
        const { days } = ExtendTrialFormSchema.parse(values);
        extend.mutate(
          { accountId: row.accountId, days },
          {
            onSuccess: (updated) => {
              notifications.show({
                color: 'teal',
                message: t('trial.done', {
                  account: row.accountName,
                  date: formatDate(updated.trialEndsAt ?? ''),
                }),
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
          {row.trialEndsAt
            ? t('trial.intro.onTrial', {
                account: row.accountName,
                date: formatDate(row.trialEndsAt),
              })
            : t('trial.intro.noTrial', { account: row.accountName })}
        </Text>
        <NumberInput
          label={t('trial.days.label')}
          min={1}
          max={90}
          allowDecimal={false}
          allowNegative={false}
          clampBehavior="none"
          withAsterisk
          data-autofocus
          {...form.getInputProps('days')}
        />
        {extend.isError && !fieldErrors ? (
          <ErrorAlert title={t('trial.failed')}>{extend.error.message}</ErrorAlert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('trial.cancel')}
          </Button>
          <Button type="submit" loading={extend.isPending}>
            {t('trial.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
