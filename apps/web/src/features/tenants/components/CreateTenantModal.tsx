import { Modal } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useNavigate } from 'react-router';
import { useCreateTenant } from '../api/create-tenant.ts';
import { EMPTY_TENANT_FORM } from '../lib/tenant-form.ts';
import { TenantForm } from './TenantForm.tsx';

/** "New client tenant": creates it, then opens it. */
export function CreateTenantModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const create = useCreateTenant();
  const navigate = useNavigate();
  return (
    <Modal opened={opened} onClose={onClose} title="New client tenant" size="lg">
      <TenantForm
        label="New client tenant"
        initial={EMPTY_TENANT_FORM}
        submitLabel="Create client tenant"
        onCancel={onClose}
        onSubmit={async (body) => {
          const tenant = await create.mutateAsync(body);
          notifications.show({ message: `${tenant.name} was created.`, color: 'green' });
          onClose();
          void navigate(`/tenant/${encodeURIComponent(tenant.id)}/overview`);
        }}
      />
    </Modal>
  );
}
