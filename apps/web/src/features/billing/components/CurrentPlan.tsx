import { PLANS, type BillingSummary } from '@tenantry/shared';
import { Badge, Button, Card, Group, Modal, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { ErrorAlert } from '#web/components/ErrorAlert.tsx';
import { formatDate } from '#web/lib/format.ts';
import { useCancelSubscription } from '../api/cancel-subscription.ts';
import { useOpenPortal } from '../api/open-portal.ts';
import { useResumeSubscription } from '../api/resume-subscription.ts';
import { currentPlanView } from '../lib/plan-view.ts';
import { t } from '../messages.ts';

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
    <Modal opened={opened} onClose={close} title={t('cancel.title')} centered>
      <Stack gap="md">
        <Text size="sm">
          {until
            ? t('cancel.until', { plan: PLANS[billing.plan].name, date: until })
            : t('cancel.atPeriodEnd')}{' '}
          {t('cancel.nothingDeleted')}
        </Text>
        {cancel.isError ? <ErrorAlert error={cancel.error} /> : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close} disabled={cancel.isPending}>
            {t('cancel.keep')}
          </Button>
          <Button
            color="red"
            loading={cancel.isPending}
            onClick={() => cancel.mutate(undefined, { onSuccess: close })}
          >
            {t('cancel.confirm')}
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
            {t('current.title', { plan: view.planName })}
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
              {t('current.updatePayment')}
            </Button>
            {billing.cancelAtPeriodEnd ? (
              <Button loading={resume.isPending} onClick={() => resume.mutate()}>
                {t('current.resume')}
              </Button>
            ) : billing.plan !== 'free' && billing.status !== 'canceled' ? (
              <Button variant="subtle" color="red" onClick={() => setCancelling(true)}>
                {t('current.cancel')}
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
