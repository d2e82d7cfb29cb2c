import type { CurrentUser } from '@tenantry/shared';
import {
  AppShell,
  Avatar,
  Burger,
  Container,
  Group,
  Menu,
  NavLink,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { IconChevronDown, IconLogout } from '@tabler/icons-react';
import { Suspense, lazy, useEffect, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { CenteredLoader } from '#web/components/CenteredLoader.tsx';
import { ThemeToggle } from '#web/components/ThemeToggle.tsx';
import { isActive, navItemsFor } from './nav-items.ts';

// Lazy: it pulls in the auth client, which most page loads do not need.
const EmailNotVerifiedBanner = lazy(() =>
  import('#web/features/auth/components/EmailNotVerifiedBanner.tsx').then((m) => ({
    default: m.EmailNotVerifiedBanner,
  })),
);

function initials(user: CurrentUser): string {
  const source = user.displayName.trim() || user.email;
  return source
    .split(/\s+/)
    .slice(0, 2)
    .map((w) => w.charAt(0).toUpperCase())
    .join('');
}

export function Logo() {
  return (
    <Text component={Link} to="/" fw={700} size="lg" c="inherit" td="none">
      Tenantry
    </Text>
  );
}

function UserMenu({ user }: { user: CurrentUser }) {
  return (
    <Menu position="bottom-end" width={240} withinPortal>
      <Menu.Target>
        <UnstyledButton aria-label="User menu">
          <Group gap={6} wrap="nowrap">
            <Avatar size="sm" radius="xl" color="indigo" aria-hidden>
              {initials(user)}
            </Avatar>
            <Text size="sm" visibleFrom="md" maw={200} truncate>
              {user.email}
            </Text>
            <IconChevronDown size={14} aria-hidden />
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>Signed in as</Menu.Label>
        <Text size="sm" px="sm" pb="xs" style={{ overflowWrap: 'anywhere' }}>
          {user.email}
        </Text>
        <Menu.Divider />
        <Menu.Item
          component={Link}
          to="/signout"
          leftSection={<IconLogout size={16} aria-hidden />}
        >
          Sign out
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

/** The main shell (docs/product.md, Screens): header, navigation, and the page. */
export function MainLayout({ user, children }: { user: CurrentUser; children: ReactNode }) {
  const [opened, { toggle, close }] = useDisclosure(false);
  const { pathname } = useLocation();
  // Below `sm` the navbar is a drawer; hide it from tab order and assistive tech while closed.
  const isMobile = useMediaQuery('(max-width: 47.99em)', false, { getInitialValueInEffect: false });

  useEffect(() => {
    close();
  }, [pathname, close]);

  return (
    <AppShell
      header={{ height: 56 }}
      navbar={{ width: 220, breakpoint: 'sm', collapsed: { mobile: !opened } }}
      padding={{ base: 'sm', sm: 'lg' }}
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger
              opened={opened}
              onClick={toggle}
              hiddenFrom="sm"
              size="sm"
              aria-label="Toggle navigation"
              aria-expanded={opened}
            />
            <Logo />
          </Group>
          <Group gap="sm" wrap="nowrap">
            <ThemeToggle />
            <UserMenu user={user} />
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="sm" style={isMobile && !opened ? { visibility: 'hidden' } : undefined}>
        <nav aria-label="Main">
          {navItemsFor(user).map((item) => {
            const active = isActive(item, pathname);
            return (
              <NavLink
                key={item.to}
                component={Link}
                to={item.to}
                label={item.label}
                active={active}
                aria-current={active ? 'page' : undefined}
                variant="light"
              />
            );
          })}
        </nav>
      </AppShell.Navbar>
      <AppShell.Main>
        <Container size="xl" px={0}>
          {user.emailVerified ? null : (
            <Suspense fallback={null}>
              <EmailNotVerifiedBanner email={user.email} />
            </Suspense>
          )}
          <Suspense fallback={<CenteredLoader />}>{children}</Suspense>
        </Container>
      </AppShell.Main>
    </AppShell>
  );
}
