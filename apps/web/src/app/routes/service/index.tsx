import { SCREEN_TABS, SCREEN_TITLES } from '@tenantry/shared';
import { Card, SimpleGrid, Text } from '@mantine/core';
import { useLocation, useParams } from 'react-router';
import { NotBuiltYet } from '#web/components/NotBuiltYet.tsx';
import { PageHeader } from '#web/components/PageHeader.tsx';
import { ScreenTabs } from '#web/components/ScreenTabs.tsx';

const TABS = SCREEN_TABS.service;
const BODY: Record<string, string> = {
  overview: 'Platform metrics arrive with the service console.',
  accounts: 'The list of accounts arrives with the multi-tenant core.',
  users: 'The list of users arrives with the service console.',
  subscriptions: 'Subscriptions arrive with billing.',
  support: 'The support queue arrives with the support desk.',
  feedback: 'Feedback arrives with the feedback widget.',
  roadmap: 'Roadmap triage arrives with the roadmap feature.',
  analytics: 'Analytics reports arrive with the service console.',
  audit: 'The platform audit log arrives with the service console.',
  system: 'System health arrives with the service console.',
};

function Ids({ entries }: { entries: [string, string | undefined][] }) {
  const shown = entries.filter((e): e is [string, string] => e[1] !== undefined);
  return (
    <SimpleGrid cols={{ base: 1, sm: shown.length }} mb="md">
      {shown.map(([label, value]) => (
        <Card key={label} withBorder padding="sm">
          <Text size="xs" c="dimmed">
            {label}
          </Text>
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
            {value}
          </Text>
        </Card>
      ))}
    </SimpleGrid>
  );
}

/** The system admins' console: service/{tab}/{focus} and service/tenants/{tid}/{ttid}/{focus}. */
export default function ServiceScreen() {
  const { tab, focus, tid, ttid } = useParams();
  const { pathname } = useLocation();
  const tenantForm = tid !== undefined && pathname.startsWith('/service/tenants/');
  const active = tenantForm ? null : (tab ?? TABS[0]);
  return (
    <>
      <PageHeader
        title={SCREEN_TITLES.service}
        description="Every account and client tenant, for system admins."
      />
      <ScreenTabs
        label="Service console sections"
        tabs={TABS}
        active={active}
        hrefFor={(t) => `/service/${t}`}
      >
        {tenantForm ? (
          <>
            <Ids
              entries={[
                ['Account (tid)', tid],
                ['Client tenant (ttid)', ttid],
                ['Focus', focus],
              ]}
            />
            <NotBuiltYet>
              Inspecting an account and its client tenants arrives with the multi-tenant core. This
              screen is not built yet.
            </NotBuiltYet>
          </>
        ) : (
          <>
            {focus ? <Ids entries={[['Focus', focus]]} /> : null}
            <NotBuiltYet>
              {(active && BODY[active]) ?? 'There is no such section.'} This screen is not built
              yet.
            </NotBuiltYet>
          </>
        )}
      </ScreenTabs>
    </>
  );
}
