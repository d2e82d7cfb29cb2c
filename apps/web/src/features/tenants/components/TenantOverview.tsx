import type { Tenant } from '@tenantry/shared';
import { Anchor, Badge, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { formatDateTime } from '#web/lib/format.ts';
import { TenantPostureCard } from './TenantPostureCard.tsx';
import { t } from '../messages.ts';

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
          {t('overview.details')}
        </Title>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
          <Field label={t('overview.industry')}>{tenant.industry ?? t('overview.notSet')}</Field>
          <Field label={t('overview.size')}>
            {tenant.size ? t('overview.size.value', { size: tenant.size }) : t('overview.notSet')}
          </Field>
          <Field label={t('overview.created')}>{formatDateTime(tenant.createdAt)}</Field>
          <Field label={t('overview.updated')}>{formatDateTime(tenant.updatedAt)}</Field>
        </SimpleGrid>
      </Card>
      <Card withBorder padding="md">
        <Title order={2} size="h4" mb="sm">
          {t('overview.tags')}
        </Title>
        {tenant.tags.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('overview.tags.none')}
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
          {t('overview.contacts')}
        </Title>
        {tenant.contacts.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('overview.contacts.none')}
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
          {t('overview.notes')}
        </Title>
        {tenant.notes ? (
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {tenant.notes}
          </Text>
        ) : (
          <Text size="sm" c="dimmed">
            {t('overview.notes.none')}
          </Text>
        )}
      </Card>
    </Stack>
  );
}
