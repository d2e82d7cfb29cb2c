import { SCREEN_TITLES } from '@tenantry/shared';
import { Anchor, Badge, Card, Group, List, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { NotBuiltYet } from '#web/components/NotBuiltYet.tsx';
import { PageHeader } from '#web/components/PageHeader.tsx';
import { useMe } from '#web/features/auth/api/me.ts';

const CHECKLIST = [
  { to: '/tenant', label: 'Add your first client tenant', hint: 'The organisations you assess.' },
  {
    to: '/explore/frameworks',
    label: 'Browse the frameworks',
    hint: 'Questionnaires to assess against.',
  },
  {
    to: '/admin/members',
    label: 'Invite your team',
    hint: 'Colleagues who run assessments with you.',
  },
  { to: '/admin/billing', label: 'Choose a plan', hint: 'Limits and features of your account.' },
  { to: '/support', label: 'Ask us anything', hint: 'Help articles and support tickets.' },
] as const;

export default function WelcomeScreen() {
  const { user } = useMe();
  if (!user) return null;
  const roleLabel = user.role === 'systemadmin' ? 'System admin' : 'User';
  return (
    <>
      <PageHeader title={SCREEN_TITLES.welcome} />
      <Stack gap="lg">
        <Group gap="sm" wrap="wrap">
          <Text size="lg">
            Hello, <strong>{user.displayName || user.email}</strong>
          </Text>
          <Badge variant="light">Role: {roleLabel}</Badge>
          {user.isSystemDev ? <Badge variant="outline">System developer</Badge> : null}
        </Group>
        <Card withBorder padding="lg">
          <Title order={2} size="h4" mb="xs">
            Getting started
          </Title>
          <List spacing="sm" listStyleType="decimal">
            {CHECKLIST.map((item) => (
              <List.Item key={item.to}>
                <Anchor component={Link} to={item.to}>
                  {item.label}
                </Anchor>
                <Text size="sm" c="dimmed">
                  {item.hint}
                </Text>
              </List.Item>
            ))}
          </List>
        </Card>
        <NotBuiltYet title="Your dashboard">
          Client tenants, assessments in progress, scores and overdue remediation appear here once
          the multi-tenant core and assessments land. The dashboard is not built yet.
        </NotBuiltYet>
      </Stack>
    </>
  );
}
