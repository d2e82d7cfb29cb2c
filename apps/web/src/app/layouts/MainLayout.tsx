import type { CurrentUser } from '@tenantry/shared';
import {
  AppShell,
  Burger,
  Container,
  Divider,
  Group,
  Image,
  NavLink,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { Suspense, lazy, useEffect, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { CenteredLoader } from '#web/components/CenteredLoader.tsx';
import { NameText } from '#web/components/NameText.tsx';
import { ThemeToggle } from '#web/components/ThemeToggle.tsx';
import { useAccount } from '#web/features/account/api/get-account.ts';
import { AccountSuspendedBanner } from '#web/features/account/components/AccountSuspendedBanner.tsx';
import { SecondFactorBanner } from '#web/features/identity/components/SecondFactorBanner.tsx';
import { lastSessionOf, rememberSession } from '#web/features/auth/lib/last-session.ts';
import { PastDueBanner } from '#web/features/billing/components/PastDueBanner.tsx';
import { FeedbackButton } from '#web/features/feedback/components/FeedbackButton.tsx';
import { SupportSessionBanner } from '#web/features/service-console/support-access/components/SupportSessionBanner.tsx';
import { isActive, navItemsFor } from './nav-items.ts';
import { UserMenu } from './UserMenu.tsx';
import { t } from '../messages.ts';

// Lazy: it pulls in the auth client, which most page loads do not need.
const EmailNotVerifiedBanner = lazy(() =>
  import('#web/features/auth/components/EmailNotVerifiedBanner.tsx').then((m) => ({
    default: m.EmailNotVerifiedBanner,
  })),
);

export function Logo({ visibleFrom }: { visibleFrom?: 'xs' | 'sm' }) {
  return (
    <Text
      component={Link}
      to="/"
      fw={700}
      size="lg"
      c="inherit"
      td="none"
      visibleFrom={visibleFrom}
      style={{ flexShrink: 0 }}
    >
      Tenantry
    </Text>
  );
}

/** The member's account in the header: its logo and name (GET /api/v1/account). */
function AccountIdentity() {
  const { data: account } = useAccount();
  if (!account) return null;
  return (
    <UnstyledButton
      component={Link}
      to="/admin/general"
      miw={0}
      aria-label={t('shell.account', { name: account.name })}
      data-testid="header-account"
    >
      <Group gap={8} wrap="nowrap" miw={0}>
        {account.logoUrl ? (
          <Image
            src={account.logoUrl}
            alt=""
            h={28}
            w="auto"
            maw={72}
            fit="contain"
            radius="sm"
            style={{ flexShrink: 0 }}
            data-testid="header-account-logo"
          />
        ) : null}
        <NameText name={account.name} lines={1} size="sm" fw={500} maw={280} />
      </Group>
    </UnstyledButton>
  );
}

/** The main shell (docs/product.md, Screens): header, navigation, and the page. */
export function MainLayout({ user, children }: { user: CurrentUser; children: ReactNode }) {
  const [opened, { toggle, close }] = useDisclosure(false);
  const { pathname } = useLocation();
  const { data: account } = useAccount();
  // Below `sm` the navbar is a drawer; hide it from tab order and assistive tech while closed.
  const isMobile = useMediaQuery('(max-width: 47.99em)', false, { getInitialValueInEffect: false });

  useEffect(() => {
    close();
  }, [pathname, close]);

  // If this session ends elsewhere, the sign-in page can say so (features/auth last-session).
  useEffect(() => {
    const session = lastSessionOf(user);
    if (session) rememberSession(session);
  }, [user]);

  return (
    <AppShell
      header={{ height: 56 }}
      navbar={{ width: 220, breakpoint: 'sm', collapsed: { mobile: !opened } }}
      padding={{ base: 'sm', sm: 'lg' }}
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap" gap="sm">
          <Group gap="sm" wrap="nowrap" miw={0} flex="1 1 auto">
            <Burger
              opened={opened}
              onClick={toggle}
              hiddenFrom="sm"
              size="sm"
              aria-label={t('shell.toggleNav')}
              aria-expanded={opened}
            />
            <Logo visibleFrom="xs" />
            <Divider
              orientation="vertical"
              h={24}
              style={{ alignSelf: 'center' }}
              visibleFrom="xs"
            />
            <AccountIdentity />
          </Group>
          <Group gap="sm" wrap="nowrap" style={{ flexShrink: 0 }}>
            <FeedbackButton />
            <ThemeToggle />
            <UserMenu user={user} withProfile />
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="sm" style={isMobile && !opened ? { visibility: 'hidden' } : undefined}>
        <nav aria-label={t('shell.mainNav')}>
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
          <AccountSuspendedBanner user={user} />
          <SecondFactorBanner user={user} />
          <SupportSessionBanner user={user} />
          <PastDueBanner account={account} />
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
