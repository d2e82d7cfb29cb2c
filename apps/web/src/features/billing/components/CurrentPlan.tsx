import { PLANS, type BillingSummary } from '@tenantry/shared';
import { Badge, Button, Card, Group, Modal, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { ErrorAlert } from '#web/components/ErrorAlert.tsx';
import { formatDate } from '#web/lib/format.ts';
import { useCancelSubscription } from '../api/cancel-subscription.ts';
import { useOpenPortal } from '../api/open-portal.ts';
import { useResumeSubscription } from '../api/resume-subscription.ts';
import { currentPlanView } from '../lib/plan-view.ts';

function CancelPlanModal({
  billing,
  opened,
  onClose,
}: {
  billing: BillingSummary;
  opened: boolean;
  onClose: () => void;
}) {
  const cancel = useCancelSubscription();
  const close = () => {
    cancel.reset();
    onClose();
  };
  const until = billing.currentPeriodEnd ? formatDate(billing.currentPeriodEnd) : null;
  return (
    <Modal opened={opened} onClose={close} title="Cancel the plan?" centered>
      <Stack gap="md">
        <Text size="sm">
          {until
            ? `${PLANS[billing.plan].name} stays until ${until}; then the account moves to Free and no more payments are taken.`
            : 'The account moves to Free at the end of the period and no more payments are taken.'}{' '}
          Nothing is deleted; above Free’s limits, new items are blocked. You can resume the plan
          until then.
        </Text>
        {cancel.isError ? <ErrorAlert error={cancel.error} /> : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close} disabled={cancel.isPending}>
            Keep the plan
          </Button>
          <Button
            color="red"
            loading={cancel.isPending}
            onClick={() => cancel.mutate(undefined, { onSuccess: close })}
          >
            Cancel the plan
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** The plan now: name, status badges, what happens next, and the owner's actions on it. */
export function CurrentPlan({ billing }: { billing: BillingSummary }) {
  const view = currentPlanView(billing);
  const portal = useOpenPortal();
  const resume = useResumeSubscription();
  const [cancelling, setCancelling] = useState(false);
  const manage = billing.canManage && billing.hasSubscription && !billing.comped;
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="billing-current-plan">
      <Stack gap="sm">
        <Group gap="sm" wrap="wrap">
          <Title order={2} size="h3" id="billing-current-plan">
            {view.planName} plan
          </Title>
          {view.badges.map((b) => (
            <Badge key={b.label} color={b.color} variant="light">
              {b.label}
            </Badge>
          ))}
        </Group>
        {view.lines.map((line) => (
          <Text key={line} size="sm">
            {line}
          </Text>
        ))}
        {manage ? (
          <Group gap="sm" wrap="wrap">
            <Button
              variant="default"
              loading={portal.isPending || portal.isSuccess}
              onClick={() => portal.mutate()}
            >
              Update payment method
            </Button>
            {billing.cancelAtPeriodEnd ? (
              <Button loading={resume.isPending} onClick={() => resume.mutate()}>
                Resume the plan
              </Button>
            ) : billing.plan !== 'free' && billing.status !== 'canceled' ? (
              <Button variant="subtle" color="red" onClick={() => setCancelling(true)}>
                Cancel the plan
              </Button>
            ) : null}
          </Group>
        ) : null}
        {portal.isError ? <ErrorAlert error={portal.error} /> : null}
        {resume.isError ? <ErrorAlert error={resume.error} /> : null}
      </Stack>
      {manage ? (
        <CancelPlanModal
          billing={billing}
          opened={cancelling}
          onClose={() => setCancelling(false)}
        />
      ) : null}
    </Card>
  );
}
