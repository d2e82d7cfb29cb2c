import { can, type TenantDetail } from '@tenantry/shared';
import { Alert, Button, Card, Group, Modal, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArchive, IconRestore } from '@tabler/icons-react';
import { useState } from 'react';
import { ErrorAlert } from '#web/components/ErrorAlert.tsx';
import { UnsavedChangesPrompt } from '#web/components/UnsavedChangesPrompt.tsx';
import { planRefusalOf } from '#web/lib/billing-errors.ts';
import { useSetTenantArchived } from '../api/archive-tenant.ts';
import { useUpdateTenant } from '../api/update-tenant.ts';
import { formValuesOf } from '../lib/tenant-form.ts';
import { TenantForm } from './TenantForm.tsx';

/** The settings tab: edit the details; archive or restore (roles that may, with a confirm). */
export function TenantSettings({ tenant }: { tenant: TenantDetail }) {
  const update = useUpdateTenant(tenant.id);
  const archive = useSetTenantArchived(tenant.id);
  const [confirming, setConfirming] = useState(false);
  const [dirty, setDirty] = useState(false);
  const role = tenant.access.accountRole;
  const archived = tenant.archivedAt !== null;

  if (!can(role, 'tenants.update')) {
    return (
      <Alert variant="light" color="gray">
        Only members of the account can change this client tenant.
      </Alert>
    );
  }

  async function toggleArchived() {
    try {
      await archive.mutateAsync(!archived);
      notifications.show({
        message: archived ? `${tenant.name} was restored.` : `${tenant.name} was archived.`,
      });
      setConfirming(false);
    } catch (err) {
      // A restore the plan has no room for: the upgrade prompt shows under the button.
      if (planRefusalOf(err)) {
        setConfirming(false);
        return;
      }
      notifications.show({
        color: 'red',
        message: err instanceof Error ? err.message : 'Something went wrong.',
      });
    }
  }

  return (
    <Stack gap="xl">
      <UnsavedChangesPrompt when={dirty} />
      <Card withBorder padding="md">
        <Title order={2} size="h4" mb="sm">
          Details
        </Title>
        <TenantForm
          // A fresh form when the saved tenant changes (e.g. after a save).
          key={tenant.updatedAt}
          label="Client tenant details"
          initial={formValuesOf(tenant)}
          submitLabel="Save changes"
          onDirtyChange={setDirty}
          onSubmit={async (body) => {
            await update.mutateAsync(body);
            notifications.show({ message: 'Changes saved.', color: 'green' });
          }}
        />
      </Card>
      {can(role, 'tenants.archive') ? (
        <Card withBorder padding="md">
          <Title order={2} size="h4" mb="xs">
            {archived ? 'Restore' : 'Archive'}
          </Title>
          <Text size="sm" c="dimmed" mb="sm">
            {archived
              ? 'Restoring brings this client tenant back into the list.'
              : 'An archived client tenant leaves the list (find it with “Show archived”) and keeps all its data. You can restore it at any time.'}
          </Text>
          <Group>
            <Button
              color={archived ? 'blue' : 'red'}
              variant={archived ? 'filled' : 'light'}
              leftSection={
                archived ? (
                  <IconRestore size={18} aria-hidden />
                ) : (
                  <IconArchive size={18} aria-hidden />
                )
              }
              onClick={() => setConfirming(true)}
            >
              {archived ? 'Restore client tenant' : 'Archive client tenant'}
            </Button>
          </Group>
          {planRefusalOf(archive.error) ? <ErrorAlert error={archive.error} mt="sm" /> : null}
          <Modal
            opened={confirming}
            onClose={() => setConfirming(false)}
            title={archived ? `Restore ${tenant.name}?` : `Archive ${tenant.name}?`}
          >
            <Stack>
              <Text size="sm">
                {archived
                  ? 'It will appear in the client tenant list again.'
                  : 'It will leave the client tenant list. Nothing is deleted.'}
              </Text>
              <Group justify="flex-end">
                <Button variant="default" onClick={() => setConfirming(false)}>
                  Cancel
                </Button>
                <Button
                  color={archived ? 'blue' : 'red'}
                  loading={archive.isPending}
                  onClick={() => void toggleArchived()}
                >
                  {archived ? 'Restore' : 'Archive'}
                </Button>
              </Group>
            </Stack>
          </Modal>
        </Card>
      ) : null}
    </Stack>
  );
}
