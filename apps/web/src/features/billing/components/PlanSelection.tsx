import {
  BILLING_INTERVALS,
  PLAN_FEATURES,
  PLAN_LIMIT_KEYS,
  formatBytes,
  type BillingInterval,
  type BillingSummary,
} from '@tenantry/shared';
import { planLimitLabel, planFeatureLabel, planStorageLabel } from '#web/lib/labels.ts';
import {
  Badge,
  Button,
  Card,
  Group,
  List,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { intervalLabel, limitText, planOptions, type PlanOption } from '../lib/plan-view.ts';
import { t } from '../messages.ts';
import { PlanChangeModal } from './PlanChangeModal.tsx';

function PlanCard({ option, onChoose }: { option: PlanOption; onChoose: () => void }) {
  const { plan } = option;
  const titleId = useId();
  return (
    <Card
      withBorder
      padding="lg"
      component="section"
      aria-labelledby={titleId}
      style={
        option.current
          ? { borderColor: 'var(--mantine-primary-color-filled)', borderWidth: 2 }
          : undefined
      }
    >
      <Stack gap="sm" h="100%">
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Title order={3} size="h4" id={titleId}>
            {plan.name}
          </Title>
          {option.current ? (
            <Badge variant="filled" size="sm">
              {option.currentLabel}
            </Badge>
          ) : null}
        </Group>
        <Text size="sm" c="dimmed">
          {plan.description}
        </Text>
        <div>
          <Group gap={6} align="baseline">
            <Text fz={28} fw={700} lh={1.1}>
              {option.price}
            </Text>
            <Text size="sm" c="dimmed">
              {option.per}
            </Text>
          </Group>
          {option.note ? (
            <Text size="xs" c="dimmed">
              {option.note}
            </Text>
          ) : null}
        </div>
        <List
          size="sm"
          spacing={4}
          listStyleType="none"
          aria-label={t('plans.limits.label', { plan: plan.name })}
        >
          {PLAN_LIMIT_KEYS.map((key) => (
            <List.Item key={key}>
              {planLimitLabel(key)}: <strong>{limitText(plan.limits[key])}</strong>
            </List.Item>
          ))}
          <List.Item>
            {planStorageLabel()}: <strong>{formatBytes(plan.storageBytes)}</strong>
          </List.Item>
        </List>
        <List
          size="sm"
          spacing={4}
          listStyleType="none"
          aria-label={t('plans.features.label', { plan: plan.name })}
        >
          {PLAN_FEATURES.map((key) => {
            const has = plan.features[key];
            return (
              <List.Item
                key={key}
                icon={
                  has ? (
                    <IconCheck size={16} color="var(--mantine-color-teal-7)" aria-hidden />
                  ) : (
                    <IconX size={16} color="var(--mantine-color-gray-6)" aria-hidden />
                  )
                }
                c={has ? undefined : 'dimmed'}
              >
                {has
                  ? planFeatureLabel(key)
                  : t('plans.feature.missing', { feature: planFeatureLabel(key) })}
              </List.Item>
            );
          })}
        </List>
        <Stack gap={4} mt="auto">
          {option.label ? (
            <Button
              fullWidth
              variant={option.kind === 'upgrade' && option.action ? 'filled' : 'default'}
              disabled={option.action === null}
              onClick={onChoose}
              aria-label={option.action ? `${option.label}: ${plan.name}` : undefined}
            >
              {option.label}
            </Button>
          ) : null}
          {option.hint ? (
            <Text size="xs" c="dimmed" ta="center">
              {option.hint}
            </Text>
          ) : null}
        </Stack>
      </Stack>
    </Card>
  );
}

/**
 * The plans side by side for a billing period (monthly or yearly): price, limits, features,
 * the current one marked and a button for each other one (Upgrade, Downgrade, Choose); the
 * choice is confirmed in a summary of what changes.
 */
export function PlanSelection({ billing }: { billing: BillingSummary }) {
  const [interval, setInterval] = useState<BillingInterval>(billing.interval);
  const [chosen, setChosen] = useState<{ option: PlanOption; interval: BillingInterval } | null>(
    null,
  );
  const labelId = useId();
  const options = planOptions(billing, interval);
  return (
    <Stack gap="md">
      <Group gap="sm" wrap="wrap">
        <Text size="sm" fw={500} id={labelId}>
          {t('plans.period')}
        </Text>
        <SegmentedControl
          aria-labelledby={labelId}
          value={interval}
          onChange={(v) => setInterval(v as BillingInterval)}
          data={BILLING_INTERVALS.map((i) => ({ value: i, label: intervalLabel(i) }))}
        />
      </Group>
      <SimpleGrid cols={{ base: 1, md: 3 }} spacing="md">
        {options.map((option) => (
          <PlanCard
            key={option.plan.id}
            option={option}
            onChoose={() => setChosen({ option, interval })}
          />
        ))}
      </SimpleGrid>
      <PlanChangeModal
        billing={billing}
        option={chosen?.option ?? null}
        interval={chosen?.interval ?? interval}
        onClose={() => setChosen(null)}
      />
    </Stack>
  );
}
