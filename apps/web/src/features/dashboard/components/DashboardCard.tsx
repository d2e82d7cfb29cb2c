import { Card, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useId } from 'react';

/** One panel of the dashboard: a section named by its heading, an optional link beside it. */
export function DashboardCard({
  title,
  action,
  description,
  children,
}: {
  title: string;
  /** A link to the screen with everything (right of the heading). */
  action?: ReactNode;
  description?: ReactNode;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby={id}>
      <Group justify="space-between" align="baseline" gap="xs" mb={description ? 2 : 'sm'}>
        <Title order={2} size="h4" id={id}>
          {title}
        </Title>
        {action}
      </Group>
      {description ? (
        <Text size="sm" c="dimmed" mb="sm">
          {description}
        </Text>
      ) : null}
      {children}
    </Card>
  );
}

/** A panel's empty state: what will show here, and the next step. */
export function EmptyPanel({
  icon,
  title,
  children,
}: {
  icon: ReactNode;
  title: string;
  children: ReactNode;
}) {
  return (
    <Stack align="center" gap={6} ta="center" py="lg" px="sm">
      <ThemeIcon variant="light" color="gray" size={44} radius="xl" aria-hidden>
        {icon}
      </ThemeIcon>
      <Text fw={600}>{title}</Text>
      <Text size="sm" c="dimmed" maw={380}>
        {children}
      </Text>
    </Stack>
  );
}
