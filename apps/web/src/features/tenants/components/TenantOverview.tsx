import type { Tenant } from '@tenantry/shared';
import { Anchor, Badge, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { formatDateTime } from '#web/lib/format.ts';
import { TenantPostureCard } from './TenantPostureCard.tsx';

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="sm">{children}</Text>
    </div>
  );
}

/** The overview tab: the posture first, then details, contacts, tags and notes. */
export function TenantOverview({ tenant }: { tenant: Tenant }) {
  return (
    <Stack gap="lg">
      <TenantPostureCard tenant={tenant} />
      <Card withBorder padding="md">
        <Title order={2} size="h4" mb="sm">
          Details
        </Title>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
          <Field label="Industry">{tenant.industry ?? 'Not set'}</Field>
          <Field label="Size">{tenant.size ? `${tenant.size} employees` : 'Not set'}</Field>
          <Field label="Created">{formatDateTime(tenant.createdAt)}</Field>
          <Field label="Updated">{formatDateTime(tenant.updatedAt)}</Field>
        </SimpleGrid>
      </Card>
      <Card withBorder padding="md">
        <Title order={2} size="h4" mb="sm">
          Tags
        </Title>
        {tenant.tags.length === 0 ? (
          <Text size="sm" c="dimmed">
            No tags.
          </Text>
        ) : (
          <Group gap={6}>
            {tenant.tags.map((t) => (
              <Badge key={t} variant="light" tt="none">
                {t}
              </Badge>
            ))}
          </Group>
        )}
      </Card>
      <Card withBorder padding="md">
        <Title order={2} size="h4" mb="sm">
          Contacts
        </Title>
        {tenant.contacts.length === 0 ? (
          <Text size="sm" c="dimmed">
            No contacts.
          </Text>
        ) : (
          <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
            {tenant.contacts.map((c, i) => (
              <li key={i}>
                <Text size="sm" fw={500}>
                  {c.name}
                  {c.role ? (
                    <Text span c="dimmed" size="sm">
                      {' '}
                      · {c.role}
                    </Text>
                  ) : null}
                </Text>
                <Group gap="md">
                  {c.email ? (
                    <Anchor size="sm" href={`mailto:${c.email}`}>
                      {c.email}
                    </Anchor>
                  ) : null}
                  {c.phone ? <Text size="sm">{c.phone}</Text> : null}
                </Group>
              </li>
            ))}
          </Stack>
        )}
      </Card>
      <Card withBorder padding="md">
        <Title order={2} size="h4" mb="sm">
          Notes
        </Title>
        {tenant.notes ? (
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {tenant.notes}
          </Text>
        ) : (
          <Text size="sm" c="dimmed">
            No notes.
          </Text>
        )}
      </Card>
    </Stack>
  );
}
