import {
  Anchor,
  Button,
  Card,
  Group,
  List,
  Loader,
  Progress,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconCheck, IconCircleDashed } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { GettingStarted as Checklist, GettingStartedStep } from '../lib/getting-started.ts';
import { t } from '../messages.ts';

function StepIcon({ done }: { done: boolean | null }) {
  if (done === null) return <Loader size={18} aria-hidden />;
  return done ? (
    <ThemeIcon color="teal" size={22} radius="xl" aria-hidden>
      <IconCheck size={14} />
    </ThemeIcon>
  ) : (
    <ThemeIcon color="gray" variant="light" size={22} radius="xl" aria-hidden>
      <IconCircleDashed size={14} />
    </ThemeIcon>
  );
}

function Step({ step }: { step: GettingStartedStep }) {
  const name =
    step.done === true
      ? t('step.name.done', { label: step.label })
      : step.done === false
        ? t('step.name.toDo', { label: step.label })
        : t('step.name.checking', { label: step.label });
  return (
    <List.Item icon={<StepIcon done={step.done} />} aria-label={name}>
      {step.to && step.done !== true ? (
        <Anchor component={Link} to={step.to} fw={500}>
          {step.label}
        </Anchor>
      ) : (
        <Text fw={500} c={step.done ? 'dimmed' : undefined} span>
          {step.label}
        </Text>
      )}
      <Text size="sm" c="dimmed">
        {step.hint}
      </Text>
    </List.Item>
  );
}

/**
 * The welcome page's checklist, ticked from what the account holds (lib/getting-started); gone
 * once every step is done, or once hidden (`onHide`; `hidden` leaves a way to show it again).
 */
export function GettingStarted({
  checklist,
  hidden = false,
  onHide,
  onShow,
}: {
  checklist: Checklist;
  hidden?: boolean;
  onHide?: () => void;
  onShow?: () => void;
}) {
  const total = checklist.steps.length;
  if (checklist.doneCount === total) return null;
  if (hidden) {
    return onShow ? (
      <Group justify="flex-end">
        <Button variant="subtle" size="xs" onClick={onShow}>
          {t('checklist.show', { done: checklist.doneCount, total })}
        </Button>
      </Group>
    ) : null;
  }
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="getting-started-heading">
      <Group justify="space-between" align="baseline" mb="xs" gap="sm">
        <Title order={2} size="h4" id="getting-started-heading">
          {t('checklist.title')}
        </Title>
        <Group gap="sm" align="baseline">
          <Text size="sm" c="dimmed" data-testid="getting-started-progress">
            {t('checklist.progress', { done: checklist.doneCount, total })}
          </Text>
          {onHide ? (
            <Button variant="subtle" size="compact-sm" onClick={onHide}>
              {t('checklist.hide')}
            </Button>
          ) : null}
        </Group>
      </Group>
      <Progress
        value={(checklist.doneCount / total) * 100}
        size="sm"
        mb="md"
        color="teal"
        aria-label={t('checklist.progressLabel')}
      />
      <List spacing="sm" center={false}>
        {checklist.steps.map((step) => (
          <Step key={step.key} step={step} />
        ))}
      </List>
      {checklist.help.length > 0 ? (
        <Stack gap={4} mt="lg">
          <Text size="sm" fw={600}>
            {t('checklist.moreHelp')}
          </Text>
          <List size="sm" spacing={2}>
            {checklist.help.map((item) => (
              <List.Item key={item.to}>
                <Anchor component={Link} to={item.to} size="sm">
                  {item.label}
                </Anchor>
              </List.Item>
            ))}
          </List>
        </Stack>
      ) : null}
      {checklist.comingSoon.length > 0 ? (
        <Stack gap={4} mt="lg">
          <Text size="sm" fw={600}>
            {t('checklist.comingSoon')}
          </Text>
          <List size="sm" c="dimmed" spacing={2}>
            {checklist.comingSoon.map((item) => (
              <List.Item key={item}>{item}</List.Item>
            ))}
          </List>
        </Stack>
      ) : null}
    </Card>
  );
}
