import { SCREEN_TABS, type Account, type ContentScope, type CurrentUser } from '@tenantry/shared';
import { screenTitle } from '#web/lib/labels.ts';
import { Alert, Anchor, Button, Loader, Stack, Text } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { ErrorAlert } from '#web/components/ErrorAlert.tsx';
import { NoSuchSection } from '#web/components/NotBuiltYet.tsx';
import { PageHeader } from '#web/components/PageHeader.tsx';
import { ScreenTabs } from '#web/components/ScreenTabs.tsx';
import { UpgradePrompt } from '#web/components/UpgradePrompt.tsx';
import { useAccount } from '#web/features/account/api/get-account.ts';
import { useMe } from '#web/features/auth/api/me.ts';
import { AuthorScopesContext } from '#web/features/authoring/api/author-scopes.ts';
import { ArticlesTab } from '#web/features/authoring/components/articles/ArticlesTab.tsx';
import { useImagePicker } from '#web/features/authoring/components/media/ImagePicker.tsx';
import { MediaTab } from '#web/features/authoring/components/media/MediaTab.tsx';
import { PlaybooksTab } from '#web/features/authoring/components/playbooks/PlaybooksTab.tsx';
import { usePlanLock } from '#web/features/billing/api/get-billing.ts';
import { FrameworksTab } from '#web/features/frameworks/components/FrameworksTab.tsx';
import { t } from '../../messages.ts';

const TABS: readonly string[] = SCREEN_TABS.contentAdmin;

/**
 * Who authors what: system admins global content; an account's owners and admins (the
 * `content.manage` permission) its private content. Nobody else authors.
 */
function authorScopes(
  user: Pick<CurrentUser, 'role'> | null,
  account: Pick<Account, 'permissions'> | undefined,
): ContentScope[] {
  const scopes: ContentScope[] = [];
  // Private first: what a new framework or an import defaults to (global reaches everyone).
  if (account?.permissions.includes('content.manage')) scopes.push('private');
  if (user?.role === 'systemadmin') scopes.push('global');
  return scopes;
}

function NotAnAuthor() {
  return (
    <Alert
      variant="light"
      color="gray"
      icon={<IconLock size={18} aria-hidden />}
      title={t('content.notAuthor.title')}
    >
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{t('content.notAuthor.body')}</Text>
        <Text size="sm">{t('content.notAuthor.ask')}</Text>
        <Button component={Link} to="/explore" variant="light" size="xs">
          {t('content.goToExplore')}
        </Button>
      </Stack>
    </Alert>
  );
}

export default function ContentAdminScreen() {
  const { tab, focus } = useParams();
  const active: string = tab ?? 'frameworks';
  const { user } = useMe();
  const account = useAccount();
  const picker = useImagePicker();
  const authorable = authorScopes(user, account.data);
  // Private content is a plan feature: without it, the lock shows before any form, and the
  // account's own content is not offered as a place to write (global stays for system admins).
  const planLock = usePlanLock(account.data, { feature: 'privateContent' });
  const privateLocked = planLock !== null && authorable.includes('private');
  const scopes = privateLocked ? authorable.filter((s) => s !== 'private') : authorable;
  const hrefFor = (f?: string) =>
    f ? `/contentAdmin/${active}/${encodeURIComponent(f)}` : `/contentAdmin/${active}`;

  let body;
  if (!TABS.includes(active)) body = <NoSuchSection />;
  else if (account.isPending && user?.role !== 'systemadmin') {
    body = <Loader size="sm" aria-label={t('content.loading')} />;
  } else if (scopes.length === 0 && privateLocked) {
    body = <UpgradePrompt refusal={planLock} />;
  } else if (scopes.length === 0) {
    body = account.isError ? (
      <ErrorAlert title={t('content.loadFailed')}>
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{account.error.message}</Text>
          <Button size="xs" variant="light" onClick={() => void account.refetch()}>
            {t('content.retry')}
          </Button>
          <Anchor component={Link} to="/explore" size="sm">
            {t('content.goToExplore')}
          </Anchor>
        </Stack>
      </ErrorAlert>
    ) : (
      <NotAnAuthor />
    );
  } else {
    switch (active) {
      case 'frameworks':
        body = (
          <FrameworksTab
            focus={focus}
            hrefFor={hrefFor}
            scopes={scopes}
            onInsertImage={picker.open}
          />
        );
        break;
      case 'playbooks':
        body = <PlaybooksTab focus={focus} hrefFor={hrefFor} onInsertImage={picker.open} />;
        break;
      case 'articles':
        body = <ArticlesTab focus={focus} hrefFor={hrefFor} onInsertImage={picker.open} />;
        break;
      default:
        body = <MediaTab focus={focus} hrefFor={hrefFor} />;
    }
  }

  return (
    <>
      <PageHeader
        title={screenTitle('contentAdmin')}
        description={
          scopes.includes('global') && scopes.includes('private')
            ? t('content.description.both')
            : scopes.includes('global')
              ? t('content.description.global')
              : t('content.description.private')
        }
      />
      <ScreenTabs
        label={t('content.sections')}
        tabs={TABS}
        active={TABS.includes(active) ? active : null}
        hrefFor={(t) => `/contentAdmin/${t}`}
      >
        {privateLocked && scopes.length > 0 ? <UpgradePrompt refusal={planLock} mb="md" /> : null}
        <AuthorScopesContext.Provider value={scopes}>{body}</AuthorScopesContext.Provider>
      </ScreenTabs>
      {picker.element}
    </>
  );
}
