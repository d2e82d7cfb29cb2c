import {
  Anchor,
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
  const status = step.done === true ? 'done' : step.done === false ? 'to do' : 'checking';
  return (
    <List.Item icon={<StepIcon done={step.done} />} aria-label={`${step.label} (${status})`}>
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
 * once every step is done.
 */
export function GettingStarted({ checklist }: { checklist: Checklist }) {
  const total = checklist.steps.length;
  if (checklist.doneCount === total) return null;
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="getting-started-heading">
      <Group justify="space-between" align="baseline" mb="xs" gap="sm">
        <Title order={2} size="h4" id="getting-started-heading">
          Getting started
        </Title>
        <Text size="sm" c="dimmed" data-testid="getting-started-progress">
          {checklist.doneCount} of {total} done
        </Text>
      </Group>
      <Progress
        value={(checklist.doneCount / total) * 100}
        size="sm"
        mb="md"
        color="teal"
        aria-label="Getting started progress"
      />
      <List spacing="sm" center={false}>
        {checklist.steps.map((step) => (
          <Step key={step.key} step={step} />
        ))}
      </List>
      <Stack gap={4} mt="lg">
        <Text size="sm" fw={600}>
          Coming soon
        </Text>
        <List size="sm" c="dimmed" spacing={2}>
          {checklist.comingSoon.map((item) => (
            <List.Item key={item}>{item}</List.Item>
          ))}
        </List>
      </Stack>
    </Card>
  );
}
