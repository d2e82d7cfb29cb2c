import { SCREEN_TABS, can } from '@tenantry/shared';
import { screenTitle } from '#web/lib/labels.ts';
import { Button } from '@mantine/core';
import { IconClipboardPlus, IconGitFork } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { NoSuchSection } from '#web/components/NotBuiltYet.tsx';
import { PageHeader } from '#web/components/PageHeader.tsx';
import { ScreenTabs } from '#web/components/ScreenTabs.tsx';
import {
  StartAssessmentModal,
  type FrameworkChoice,
} from '#web/features/assessments/components/StartAssessmentModal.tsx';
import { useAccount } from '#web/features/account/api/get-account.ts';
import { useMe } from '#web/features/auth/api/me.ts';
import { ForkFrameworkModal } from '#web/features/frameworks/components/ForkFrameworkModal.tsx';
import { ExploreForTenant } from '#web/features/library/components/ExploreForTenant.tsx';
import {
  ExploreLibrary,
  type FrameworkRef,
} from '#web/features/library/components/ExploreLibrary.tsx';
import { tenantQueryOptions, useTenant } from '#web/features/tenants/api/get-tenant.ts';
import type { ContentKind } from '#web/lib/content/content-kinds.ts';
import { assessmentHref, useOwnerChoices } from '../tenant/assessments.tsx';
import { t as tr } from '../../messages.ts';

const TABS = SCREEN_TABS.explore;
const isKind = (tab: string): tab is ContentKind => (TABS as readonly string[]).includes(tab);

/** The client tenant explore is opened for: its name from the tenant screen's own cache entry. */
function ForTenant({ tenantId }: { tenantId: string }) {
  const tenant = useTenant(tenantId);
  return <ExploreForTenant tenantId={tenantId} name={tenant.data?.name} status={tenant.status} />;
}

/**
 * With a client tenant: "Start assessment for <tenant>" on each framework, opening the
 * assessments feature's start dialog with that framework (and the version in view).
 */
function useStartForTenant(tenantId: string | undefined) {
  const tenant = useQuery({ ...tenantQueryOptions(tenantId ?? ''), enabled: Boolean(tenantId) });
  const { user } = useMe();
  const navigate = useNavigate();
  const [framework, setFramework] = useState<FrameworkChoice | null>(null);
  const manages = Boolean(tenantId) && can(tenant.data?.access.accountRole, 'assessments.manage');
  const owners = useOwnerChoices(manages && framework !== null);
  if (!tenantId || !tenant.data || !manages) return { action: undefined, dialog: null };
  const t = tenant.data;
  const action = (f: FrameworkRef) => (
    <Button
      size="xs"
      variant="light"
      leftSection={<IconClipboardPlus size={14} aria-hidden />}
      onClick={() => setFramework(f)}
      style={{ maxWidth: '100%' }}
    >
      {tr('explore.start', { name: t.name })}
    </Button>
  );
  const dialog = (
    <StartAssessmentModal
      tenantId={t.id}
      tenantName={t.name}
      opened={framework !== null}
      onClose={() => setFramework(null)}
      owners={owners}
      me={user?.uid}
      framework={framework}
      onStarted={(a) => {
        setFramework(null);
        void navigate(assessmentHref(t.id, a.id));
      }}
    />
  );
  return { action, dialog };
}

/**
 * For the account's authors (`content.manage`): "Fork" on a global framework, copying it into
 * the account's private library (docs/content.md, "Forks").
 */
function useFork() {
  const account = useAccount();
  const [framework, setFramework] = useState<FrameworkRef | null>(null);
  const authors = Boolean(account.data?.permissions.includes('content.manage'));
  const action = (f: FrameworkRef) =>
    authors && f.scope === 'global' ? (
      <Button
        size="xs"
        variant="default"
        leftSection={<IconGitFork size={14} aria-hidden />}
        onClick={() => setFramework(f)}
        aria-label={tr('explore.fork.label', { name: f.name })}
      >
        {tr('explore.fork')}
      </Button>
    ) : null;
  const dialog = <ForkFrameworkModal framework={framework} onClose={() => setFramework(null)} />;
  return { action, dialog };
}

export default function ExploreScreen() {
  const { tab, tenantId } = useParams();
  const active = tab ?? TABS[0];
  const forTenant = tenantId ? `/${encodeURIComponent(tenantId)}` : '';
  const hrefFor = (t: string) => `/explore/${t}${forTenant}`;
  const start = useStartForTenant(tenantId);
  const fork = useFork();
  const frameworkAction = (f: FrameworkRef) => (
    <>
      {start.action?.(f)}
      {fork.action(f)}
    </>
  );
  return (
    <>
      <PageHeader
        title={screenTitle('explore')}
        description={tenantId ? <ForTenant tenantId={tenantId} /> : tr('explore.description')}
      />
      <ScreenTabs label={tr('explore.sections')} tabs={TABS} active={active} hrefFor={hrefFor}>
        {isKind(active) ? (
          // A fresh search per tab: each keeps its own query in the URL.
          <ExploreLibrary
            key={active}
            kind={active}
            hrefFor={hrefFor}
            frameworkAction={frameworkAction}
          />
        ) : (
          <NoSuchSection />
        )}
      </ScreenTabs>
      {start.dialog}
      {fork.dialog}
    </>
  );
}
