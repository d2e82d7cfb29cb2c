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

/** "Comp a plan…": give the account a plan free of charge, or end the one given. */
export function CompPlanModal({
  row,
  onClose,
}: {
  row: SubscriptionRow | null;
  onClose: () => void;
}) {
  return (
    <Modal opened={row !== null} onClose={onClose} title="Comp a plan" centered>
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
      aria-label="Comp a plan"
      onSubmit={form.onSubmit((values) => {
        const input = compInput(CompFormSchema.parse(values));
        comp.mutate(
          { accountId: row.accountId, ...input },
          {
            onSuccess: () => {
              notifications.show({
                color: 'teal',
                message: input.plan
                  ? `${row.accountName} now has the ${PLANS[input.plan].name} plan free of charge.`
                  : `${row.accountName}’s complimentary plan has ended.`,
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
            ? `${row.accountName} has the ${PLANS[row.plan].name} plan free of charge. Choose another plan, or end the comp to go back to the subscription underneath.`
            : `A comped plan applies instead of ${row.accountName}’s subscription, free of charge, until it is ended. The account’s audit log records it with the reason.`}
        </Text>
        <Select
          label="Plan"
          placeholder="Choose a plan"
          data={compChoices(row)}
          allowDeselect={false}
          withAsterisk
          comboboxProps={{ withinPortal: false }}
          {...form.getInputProps('plan')}
        />
        <Textarea
          label="Reason"
          description="Shown in the account’s audit log."
          autosize
          minRows={2}
          maxLength={500}
          withAsterisk
          {...form.getInputProps('reason')}
        />
        {comp.isError && !fieldErrors ? (
          <ErrorAlert title="The plan was not changed">{comp.error.message}</ErrorAlert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={comp.isPending}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
