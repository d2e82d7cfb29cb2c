import { SCREEN_TITLES } from '@tenantry/shared';
import { Stack } from '@mantine/core';
import { NotBuiltYet } from '../../../components/NotBuiltYet.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { useMe } from '../../../features/auth/api/me.ts';
import { Diagnostics } from '../../../features/system/components/Diagnostics.tsx';
import { Mailbox } from '../../../features/system/components/Mailbox.tsx';
import { useClientConfig } from '../../../lib/config.ts';

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
        <NotBuiltYet>API keys and webhooks are not built yet.</NotBuiltYet>
        {isAdmin ? <Mailbox /> : null}
        {seesDiagnostics ? <Diagnostics config={config} /> : null}
      </Stack>
    </>
  );
}
