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
import { t } from '../messages.ts';

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
        {t('settings.readOnly')}
      </Alert>
    );
  }

  async function toggleArchived() {
    try {
      await archive.mutateAsync(!archived);
      notifications.show({
        message: archived
          ? t('settings.restored', { name: tenant.name })
          : t('settings.archived', { name: tenant.name }),
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
        message: err instanceof Error ? err.message : t('settings.failed'),
      });
    }
  }

  return (
    <Stack gap="xl">
      <UnsavedChangesPrompt when={dirty} />
      <Card withBorder padding="md">
        <Title order={2} size="h4" mb="sm">
          {t('settings.details')}
        </Title>
        <TenantForm
          // A fresh form when the saved tenant changes (e.g. after a save).
          key={tenant.updatedAt}
          label={t('settings.details.label')}
          initial={formValuesOf(tenant)}
          submitLabel={t('settings.save')}
          onDirtyChange={setDirty}
          onSubmit={async (body) => {
            await update.mutateAsync(body);
            notifications.show({ message: t('settings.saved'), color: 'green' });
          }}
        />
      </Card>
      {can(role, 'tenants.archive') ? (
        <Card withBorder padding="md">
          <Title order={2} size="h4" mb="xs">
            {archived ? t('settings.restore.title') : t('settings.archive.title')}
          </Title>
          <Text size="sm" c="dimmed" mb="sm">
            {archived ? t('settings.restore.body') : t('settings.archive.body')}
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
              {archived ? t('settings.restore.button') : t('settings.archive.button')}
            </Button>
          </Group>
          {planRefusalOf(archive.error) ? <ErrorAlert error={archive.error} mt="sm" /> : null}
          <Modal
            opened={confirming}
            onClose={() => setConfirming(false)}
            title={
              archived
                ? t('settings.restore.confirm', { name: tenant.name })
                : t('settings.archive.confirm', { name: tenant.name })
            }
          >
            <Stack>
              <Text size="sm">
                {archived ? t('settings.restore.what') : t('settings.archive.what')}
              </Text>
              <Group justify="flex-end">
                <Button variant="default" onClick={() => setConfirming(false)}>
                  {t('settings.cancel')}
                </Button>
                <Button
                  color={archived ? 'blue' : 'red'}
                  loading={archive.isPending}
                  onClick={() => void toggleArchived()}
                >
                  {archived ? t('settings.restore.do') : t('settings.archive.do')}
                </Button>
              </Group>
            </Stack>
          </Modal>
        </Card>
      ) : null}
    </Stack>
  );
}
