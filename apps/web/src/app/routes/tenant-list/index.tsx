import { SCREEN_TITLES } from '@tenantry/shared';
import { Button } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { PageHeader } from '#web/components/PageHeader.tsx';
import { CreateTenantModal } from '#web/features/tenants/components/CreateTenantModal.tsx';
import { TenantList } from '#web/features/tenants/components/TenantList.tsx';

export default function TenantListScreen() {
  const [creating, setCreating] = useState(false);
  return (
    <>
      <PageHeader
        title={SCREEN_TITLES.tenantList}
        description="The organisations your account assesses."
        actions={
          <Button
            leftSection={<IconPlus size={18} aria-hidden />}
            onClick={() => setCreating(true)}
          >
            New client tenant
          </Button>
        }
      />
      <TenantList onCreate={() => setCreating(true)} />
      <CreateTenantModal opened={creating} onClose={() => setCreating(false)} />
    </>
  );
}
