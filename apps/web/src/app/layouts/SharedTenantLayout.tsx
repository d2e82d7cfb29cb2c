import type { CurrentUser } from '@tenantry/shared';
import { AppShell, Badge, Container, Group, Text } from '@mantine/core';
import { Suspense, useEffect, type ReactNode } from 'react';
import { Link } from 'react-router';
import { CenteredLoader } from '#web/components/CenteredLoader.tsx';
import { NameText } from '#web/components/NameText.tsx';
import { ThemeToggle } from '#web/components/ThemeToggle.tsx';
import { lastSessionOf, rememberSession } from '#web/features/auth/lib/last-session.ts';
import {
  useTenantAccountName,
  useTenantBrand,
  useTenantName,
} from '#web/features/tenants/api/get-tenant.ts';
import { UserMenu } from './UserMenu.tsx';

/**
 * The shared-tenant shell: a shared user sees one client tenant's name, no account navigation.
 * Their user menu holds who they are and Sign out: they have no account, password or sessions
 * to manage (a shared sign-in is a one-time code).
 */
export function SharedTenantLayout({ user, children }: { user: CurrentUser; children: ReactNode }) {
  // The tenant's name when the tenant API answers (a shared viewer may read it), else its id.
  const tenantName = useTenantName(user.ttid);
  // Who shared it: the provider the shared user works with.
  // The sharing provider's brand (docs/branding.md): its name, logo and colour in the header.
  const brand = useTenantBrand(user.ttid) ?? null;
  const accountName = useTenantAccountName(user.ttid);
  const sharedBy = brand?.name ?? accountName;
  const home = user.ttid ? `/tenant/${encodeURIComponent(user.ttid)}` : '/';

  // If the share is revoked, the next page names the client tenant whose access ended.
  useEffect(() => {
    const session = lastSessionOf(user, tenantName ?? null);
    if (session) rememberSession(session);
  }, [user, tenantName]);

  return (
    <AppShell header={{ height: 56 }} padding={{ base: 'sm', sm: 'lg' }}>
      <AppShell.Header
        style={brand?.color ? { borderTop: `4px solid ${brand.color}` } : undefined}
        data-testid="shared-header"
      >
        <Group h="100%" px="md" justify="space-between" wrap="nowrap" gap="sm">
          <Group gap="sm" wrap="nowrap" miw={0} flex="1 1 auto">
            {brand?.logoUrl ? (
              <Link to={home} style={{ flexShrink: 0, display: 'flex' }}>
                <img src={brand.logoUrl} alt={brand.name} style={{ height: 32, width: 'auto' }} />
              </Link>
            ) : (
              <Text
                component={Link}
                to={home}
                fw={700}
                size="lg"
                c={brand?.color ?? 'inherit'}
                td="none"
                visibleFrom="sm"
                style={{ flexShrink: 0 }}
              >
                {brand?.name ?? 'Tenantry'}
              </Text>
            )}
            <Badge
              variant="light"
              style={{ flexShrink: 0, maxWidth: '45%' }}
              title={sharedBy ? `Shared with you by ${sharedBy}` : undefined}
              data-testid="shared-by"
            >
              {sharedBy ? `Shared by ${sharedBy}` : 'Shared with you'}
            </Badge>
            {user.ttid ? (
              <NameText
                name={tenantName ?? `Client tenant ${user.ttid}`}
                lines={1}
                size="sm"
                c="dimmed"
                data-testid="shared-tenant-name"
              />
            ) : null}
          </Group>
          <Group gap="sm" wrap="nowrap" style={{ flexShrink: 0 }}>
            <ThemeToggle />
            <UserMenu user={user} withProfile={false} />
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
