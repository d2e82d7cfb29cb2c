import { REMEDIATION_LIMITS } from '@tenantry/shared';
import { Alert, Stack, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { FormActions } from '#web/components/FormActions.tsx';
import { applyServerErrors } from '#web/lib/forms.ts';
import { EMPTY_RISK, riskErrors, toRiskBody, type RiskValues } from '../lib/task-form.ts';
import { addDays, todayUtc } from '../lib/task-view.ts';
import { t } from '../messages.ts';

export type RiskBody = ReturnType<typeof toRiskBody>;

/**
 * Accepting a risk instead of fixing it: why, and when to look at it again (both needed, as
 * the server says). `onSubmit` rejects with the server's error, shown beside its field.
 */
export function RiskAcceptForm({
  initial = EMPTY_RISK,
  submitLabel = t('risk.submit'),
  onSubmit,
  onCancel,
}: {
  initial?: RiskValues;
  submitLabel?: string;
  onSubmit: (body: RiskBody) => Promise<unknown>;
  onCancel: () => void;
}) {
  const form = useForm<RiskValues>({ initialValues: initial, validate: riskErrors });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  return (
    <form
      noValidate
      aria-label={t('risk.formLabel')}
      onSubmit={form.onSubmit(async (v) => {
        setBusy(true);
        setError(null);
        try {
          await onSubmit(toRiskBody(v));
        } catch (err) {
          if (!applyServerErrors(form, err)) {
            setError(err instanceof Error ? err.message : t('risk.failed'));
          }
        } finally {
          setBusy(false);
        }
      })}
    >
      <Stack gap="sm">
        <Textarea
          label={t('risk.reason')}
          description={t('risk.reason.description')}
          withAsterisk
          autosize
          minRows={2}
          maxRows={8}
          maxLength={REMEDIATION_LIMITS.riskReason}
          {...form.getInputProps('riskReason')}
        />
        <TextInput
          label={t('risk.reviewDate')}
          type="date"
          withAsterisk
          min={addDays(todayUtc(), 1)}
          w={200}
          maw="100%"
          {...form.getInputProps('riskReviewDate')}
        />
        {error ? (
          <Alert color="red" variant="light" role="alert">
            {error}
          </Alert>
        ) : null}
        <FormActions submitLabel={submitLabel} pending={busy} onCancel={onCancel} gap="xs" />
      </Stack>
    </form>
  );
}
