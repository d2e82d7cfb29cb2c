import type { CurrentUser } from '@tenantry/shared';
import { Avatar, Group, Menu, Stack, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconLogout, IconUserCircle } from '@tabler/icons-react';
import { Link } from 'react-router';
import { NameText } from '#web/components/NameText.tsx';
import { t } from '../messages.ts';

/** Up to two initials of the display name (else the address) for the avatar. */
export function initials(user: Pick<CurrentUser, 'displayName' | 'email'>): string {
  const source = user.displayName.trim() || user.email;
  return source
    .split(/\s+/)
    .slice(0, 2)
    .map((w) => w.charAt(0).toUpperCase())
    .join('');
}

/** The menu's own words: English, or the shared layout's language (its `guest` catalogue). */
export interface UserMenuLabels {
  menu: (initials: string, name: string) => string;
  signedInAs: string;
  signOut: string;
}

const english = (): UserMenuLabels => ({
  menu: (initials, name) => t('userMenu.menu', { initials, name }),
  signedInAs: t('userMenu.signedInAs'),
  signOut: t('userMenu.signOut'),
});

/**
 * The header's user menu: who is signed in, the profile (members only: a shared user has no
 * account, password or sessions to manage here) and Sign out.
 */
export function UserMenu({
  user,
  withProfile,
  labels = english(),
}: {
  user: CurrentUser;
  withProfile: boolean;
  labels?: UserMenuLabels;
}) {
  const name = user.displayName.trim() || user.email;
  return (
    <Menu position="bottom-end" width={260} withinPortal>
      <Menu.Target>
        {/* What the button shows (the initials, the name from a medium screen up) starts its
            name, as speech users say it (WCAG 2.5.3). */}
        <UnstyledButton aria-label={labels.menu(initials(user), name)} miw={0}>
          <Group gap={6} wrap="nowrap" miw={0}>
            <Avatar size="sm" radius="xl" color="indigo" aria-hidden>
              {initials(user)}
            </Avatar>
            {/* A space: the button's text is "AQ Avery Quinn", two words, not "AQAvery Quinn". */}{' '}
            <NameText
              name={name}
              lines={1}
              size="sm"
              maw={200}
              visibleFrom="md"
              data-testid="user-menu-name"
            />
            <IconChevronDown size={14} aria-hidden style={{ flexShrink: 0 }} />
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{labels.signedInAs}</Menu.Label>
        <Stack gap={0} px="sm" pb="xs">
          <NameText name={name} lines={2} size="sm" fw={600} component="div" />
          {name !== user.email ? (
            <NameText name={user.email} lines={2} size="xs" c="dimmed" component="div" />
          ) : null}
        </Stack>
        <Menu.Divider />
        {withProfile ? (
          <Menu.Item
            component={Link}
            to="/admin/security"
            leftSection={<IconUserCircle size={16} aria-hidden />}
          >
            {t('userMenu.profile')}
          </Menu.Item>
        ) : null}
        <Menu.Item
          component={Link}
          to="/signout"
          leftSection={<IconLogout size={16} aria-hidden />}
        >
          {labels.signOut}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
