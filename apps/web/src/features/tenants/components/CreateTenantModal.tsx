import { Modal } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useNavigate } from 'react-router';
import { useCreateTenant } from '../api/create-tenant.ts';
import { EMPTY_TENANT_FORM } from '../lib/tenant-form.ts';
import { TenantForm } from './TenantForm.tsx';
import { t } from '../messages.ts';

/** "New client tenant": creates it, then opens it. */
export function CreateTenantModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const create = useCreateTenant();
  const navigate = useNavigate();
  return (
    <Modal opened={opened} onClose={onClose} title={t('create.title')} size="lg">
      <TenantForm
        label={t('create.title')}
        initial={EMPTY_TENANT_FORM}
        submitLabel={t('create.submit')}
        onCancel={onClose}
        onSubmit={async (body) => {
          const tenant = await create.mutateAsync(body);
          notifications.show({ message: t('create.done', { name: tenant.name }), color: 'green' });
          onClose();
          void navigate(`/tenant/${encodeURIComponent(tenant.id)}/overview`);
        }}
      />
    </Modal>
  );
}
