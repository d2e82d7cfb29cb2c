import { type Account } from '@tenantry/shared';
import { screenTitle } from '#web/lib/labels.ts';
import { Alert, Divider, Loader, Stack } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { PageHeader } from '#web/components/PageHeader.tsx';
import { accountQueryOptions } from '#web/features/account/api/get-account.ts';
import { ApiKeysSection } from '#web/features/api-keys/components/ApiKeysSection.tsx';
import type { TenantChoices } from '#web/features/api-keys/components/CreateApiKeyModal.tsx';
import { ApiReferenceSection } from '#web/features/api-reference/components/ApiReferenceSection.tsx';
import { useMe } from '#web/features/auth/api/me.ts';
import { usePlanLock } from '#web/features/billing/api/get-billing.ts';
import { Diagnostics } from '#web/features/system/components/Diagnostics.tsx';
import { Mailbox } from '#web/features/system/components/Mailbox.tsx';
import { tenantListQueryOptions } from '#web/features/tenants/api/list-tenants.ts';
import { WebhooksPanel } from '#web/features/webhooks/components/WebhooksPanel.tsx';
import { useClientConfig } from '#web/lib/config.ts';
import { t } from '../../messages.ts';

/** Tenants the key form's picker offers: one page, searched by name on the server. */
const PICKER_PAGE = 25;

/**
 * The account's active client tenants for the API-key form's tenant picker (features do not
 * import each other: the tenants feature's list reaches the API-keys feature from here). Asked
 * for only once the picker shows.
 */
function useTenantChoices(): TenantChoices {
  const [enabled, setEnabled] = useState(false);
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 250);
  const list = useInfiniteQuery({
    ...tenantListQueryOptions({ q: q || undefined, status: 'active', limit: PICKER_PAGE }),
    enabled,
    placeholderData: (prev) => prev,
  });
  const tenants = useMemo(
    () => list.data?.pages.flatMap((p) => p.tenants.map((t) => ({ id: t.id, name: t.name }))) ?? [],
    [list.data],
  );
  const load = useCallback(() => setEnabled(true), []);
  return { tenants, isLoading: list.isFetching, onSearch: setSearch, load };
}

/** What the account's members see: its API keys and webhooks (owners and admins manage them). */
function AccountSections({ account }: { account: Account }) {
  const tenantChoices = useTenantChoices();
  // The plan's lock shows before the forms (the API and webhooks are a plan feature).
  const planLock = usePlanLock(account, { feature: 'api' });
  return (
    <>
      <ApiKeysSection account={account} tenantChoices={tenantChoices} planLock={planLock} />
      <WebhooksPanel account={account} planLock={planLock} />
    </>
  );
}

export default function DeveloperScreen() {
  const { user } = useMe();
  const config = useClientConfig();
  // A system admin or developer without an account of their own sees the rest of the page.
  const inAccount = Boolean(user?.tid);
  const account = useQuery({ ...accountQueryOptions, enabled: inAccount });
  const isAdmin = user?.role === 'systemadmin';
  const seesDiagnostics = isAdmin || user?.isSystemDev === true;
  return (
    <>
      <PageHeader title={screenTitle('developer')} description={t('developer.description')} />
      <Stack gap="xl">
        {inAccount && account.isPending ? (
          <Loader size="sm" aria-label={t('developer.loading')} />
        ) : null}
        {account.isError ? (
          <Alert color="red" variant="light" role="alert">
            {t('developer.loadFailed', { message: account.error.message })}
          </Alert>
        ) : null}
        {account.data ? <AccountSections account={account.data} /> : null}
        <Divider />
        <ApiReferenceSection />
        {isAdmin ? <Mailbox /> : null}
        {seesDiagnostics ? <Diagnostics config={config} /> : null}
      </Stack>
    </>
  );
}
