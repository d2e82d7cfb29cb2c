import { SCREEN_TITLES } from '@tenantry/shared';
import { Stack } from '@mantine/core';
import { NotBuiltYet } from '#web/components/NotBuiltYet.tsx';
import { PageHeader } from '#web/components/PageHeader.tsx';
import { useMe } from '#web/features/auth/api/me.ts';
import { Diagnostics } from '#web/features/system/components/Diagnostics.tsx';
import { Mailbox } from '#web/features/system/components/Mailbox.tsx';
import { useClientConfig } from '#web/lib/config.ts';

export default function DeveloperScreen() {
  const { user } = useMe();
  const config = useClientConfig();
  const isAdmin = user?.role === 'systemadmin';
  const seesDiagnostics = isAdmin || user?.isSystemDev === true;
  return (
    <>
      <PageHeader
        title={SCREEN_TITLES.developer}
        description="API keys, webhooks and the API reference."
      />
      <Stack gap="xl">
        <NotBuiltYet>
          API keys to reach your data from your own tools, and webhooks that tell them when
          something changes.
        </NotBuiltYet>
        {isAdmin ? <Mailbox /> : null}
        {seesDiagnostics ? <Diagnostics config={config} /> : null}
      </Stack>
    </>
  );
}
