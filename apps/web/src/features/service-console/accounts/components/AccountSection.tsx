import { Card, Group, Stack, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { ServiceAuditEntry } from '@tenantry/shared';
import type { ReactNode } from 'react';

/** One line a person can read for an audit entry (the route hands in the audit feature's). */
export type DescribeEntry = (entry: Pick<ServiceAuditEntry, 'action' | 'data'>) => string;

/** One card of the account page, a region named by its title. */
export function Section({
  id,
  title,
  action,
  children,
}: {
  id: string;
  title: string;
  action?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card withBorder padding="md" component="section" aria-labelledby={id}>
      <Stack gap="sm">
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Title order={3} size="h4" id={id}>
            {title}
          </Title>
          {action}
        </Group>
        {children}
      </Stack>
    </Card>
  );
}

/** Tells why an action of the account page failed. */
export const fail = (err: Error) => notifications.show({ color: 'red', message: err.message });
