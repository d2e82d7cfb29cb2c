import type { CurrentUser } from '@tenantry/shared';
import { ActionIcon, AppShell, Badge, Container, Group, Menu, Text } from '@mantine/core';
import { IconCheck, IconLanguage } from '@tabler/icons-react';
import { LOCALE_NAMES, LOCALES } from '@tenantry/shared/i18n/locales';
import { Suspense, use, useEffect, useState, type ReactNode } from 'react';
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
import { guestTranslator, I18nProvider, useI18n } from '#web/i18n/guest.ts';
import { UserMenu } from './UserMenu.tsx';

/**
 * The shared-tenant shell: a shared user sees one client tenant's name, no account navigation.
 * Their user menu holds who they are and Sign out: they have no account, password or sessions
 * to manage (a shared sign-in is a one-time code). The shell's own words are in the client's
 * language (docs/languages.md: the `guest` catalogue, chosen as on the shared sign-in); the
 * tenant's screens inside it are the main app's, English for now.
 */
export function SharedTenantLayout({ user, children }: { user: CurrentUser; children: ReactNode }) {
  // Asked once: the shell suspends (the router's fallback) until its catalogue is here.
  const [loading] = useState(guestTranslator);
  const initial = use(loading);
  return (
    <I18nProvider initial={initial}>
      <SharedShell user={user}>{children}</SharedShell>
    </I18nProvider>
  );
}

/** The five languages, each in its own words; the shown one checked. */
function LanguageMenu() {
  const { tr, t, choose } = useI18n();
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon
          variant="default"
          size="lg"
          aria-label={t('lang.label')}
          title={t('lang.label')}
        >
          <IconLanguage size={18} aria-hidden />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t('lang.label')}</Menu.Label>
        {LOCALES.map((l) => (
          <Menu.Item
            key={l}
            lang={l}
            aria-current={l === tr.locale ? 'true' : undefined}
            onClick={() => void choose(l)}
            rightSection={l === tr.locale ? <IconCheck size={14} aria-hidden /> : null}
          >
            {LOCALE_NAMES[l]}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

function SharedShell({ user, children }: { user: CurrentUser; children: ReactNode }) {
  const { t } = useI18n();
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
        // i18n-ignore: CSS
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
              // On a phone it has the row to itself (the tenant's name is the page's heading):
              // "Shared by" and the provider's name stay readable in every language.
              style={{ flexShrink: 1, minWidth: 0, maxWidth: '100%' }}
              title={sharedBy ? t('layout.sharedByTitle', { name: sharedBy }) : undefined}
              data-testid="shared-by"
            >
              {sharedBy ? t('layout.sharedBy', { name: sharedBy }) : t('layout.sharedWithYou')}
            </Badge>
            {user.ttid ? (
              <NameText
                name={tenantName ?? t('layout.tenant', { id: user.ttid })}
                lines={1}
                size="sm"
                c="dimmed"
                visibleFrom="sm"
                data-testid="shared-tenant-name"
              />
            ) : null}
          </Group>
          <Group gap="sm" wrap="nowrap" style={{ flexShrink: 0 }}>
            <LanguageMenu />
            <ThemeToggle
              labels={{
                toggle: t('layout.toggleScheme'),
                to: (scheme) => t(scheme === 'dark' ? 'layout.toDark' : 'layout.toLight'),
              }}
            />
            <UserMenu
              user={user}
              withProfile={false}
              labels={{
                menu: (initials, name) => t('layout.userMenu', { initials, name }),
                signedInAs: t('layout.signedInAs'),
                signOut: t('layout.signOut'),
              }}
            />
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
