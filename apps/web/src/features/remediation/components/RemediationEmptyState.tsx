import { Anchor, Button, Card, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconChecklist, IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router';

/** No task on the tenant yet: where tasks come from, and how to write one by hand. */
export function RemediationEmptyState({
  assessmentsHref,
  onCreate,
}: {
  assessmentsHref: string;
  /** "New task" for who may create tasks; null: not offered. */
  onCreate: (() => void) | null;
}) {
  return (
    <Card withBorder padding="xl" radius="md" component="section" aria-labelledby="tasks-empty">
      <Stack align="center" gap="sm" ta="center">
        <ThemeIcon variant="light" size={56} radius="xl" aria-hidden>
          <IconChecklist size={30} />
        </ThemeIcon>
        <Title order={2} size="h3" id="tasks-empty">
          No remediation tasks yet
        </Title>
        <Text c="dimmed" maw={520}>
          Tasks are the work that closes this client tenant’s gaps. They come from assessments: open
          an assessment and choose <strong>“Create tasks for gaps”</strong> — every gap question
          becomes a task, with its playbook’s steps as the checklist.
          {onCreate ? ' You can also write a task by hand.' : ''}
        </Text>
        {onCreate ? (
          <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={onCreate}>
            New task
          </Button>
        ) : (
          <Text size="sm" c="dimmed">
            The account that manages this client tenant creates its tasks.
          </Text>
        )}
        <Anchor component={Link} to={assessmentsHref} size="sm">
          Go to assessments
        </Anchor>
      </Stack>
    </Card>
  );
}
