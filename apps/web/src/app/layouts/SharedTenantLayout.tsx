import type { CurrentUser } from '@tenantry/shared';
import { AppShell, Badge, Button, Container, Group, Text } from '@mantine/core';
import { Suspense, type ReactNode } from 'react';
import { Link } from 'react-router';
import { CenteredLoader } from '#web/components/CenteredLoader.tsx';
import { ThemeToggle } from '#web/components/ThemeToggle.tsx';
import { useTenantName } from '#web/features/tenants/api/get-tenant.ts';

/** The shared-tenant shell: a shared user sees one client tenant's name, no account navigation. */
export function SharedTenantLayout({ user, children }: { user: CurrentUser; children: ReactNode }) {
  // The tenant's name when the tenant API answers (a shared viewer may read it), else its id.
  const tenantName = useTenantName(user.ttid);
  return (
    <AppShell header={{ height: 56 }} padding={{ base: 'sm', sm: 'lg' }}>
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap" miw={0}>
            <Text fw={700} size="lg" visibleFrom="xs">
              Tenantry
            </Text>
            <Badge variant="light" style={{ flexShrink: 0 }}>
              Shared workspace
            </Badge>
            {user.ttid ? (
              <Text size="sm" c="dimmed" truncate visibleFrom="xs" data-testid="shared-tenant-name">
                {tenantName ?? `Tenant ${user.ttid}`}
              </Text>
            ) : null}
          </Group>
          <Group gap="sm" wrap="nowrap">
            <ThemeToggle />
            <Button component={Link} to="/signout" variant="default" size="xs">
              Sign out
            </Button>
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Main>
        <Container size="xl" px={0}>
          <Suspense fallback={<CenteredLoader />}>{children}</Suspense>
        </Container>
      </AppShell.Main>
    </AppShell>
  );
}
