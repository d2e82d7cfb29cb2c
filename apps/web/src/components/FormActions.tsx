import { Button, Group, type MantineSpacing } from '@mantine/core';
import { t } from './messages.ts';

/**
 * The foot of a dialog's form: Cancel (closes, sends nothing) and the submit button, busy while
 * the request runs. The form itself says what happens on submit.
 */
export function FormActions({
  submitLabel,
  pending,
  onCancel,
  gap,
}: {
  submitLabel: string;
  pending: boolean;
  onCancel: () => void;
  gap?: MantineSpacing;
}) {
  return (
    <Group justify="flex-end" gap={gap}>
      <Button variant="default" onClick={onCancel}>
        {t('formActions.cancel')}
      </Button>
      <Button type="submit" loading={pending}>
        {submitLabel}
      </Button>
    </Group>
  );
}
