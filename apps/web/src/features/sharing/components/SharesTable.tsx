import type { Share } from '@tenantry/shared';
import { Alert, Button, Loader, Stack, Table, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { useState } from 'react';
import { NameText } from '#web/components/NameText.tsx';
import { RevokeShareModal } from './RevokeShareModal.tsx';
import { ShareRoleSelect } from './ShareRoleSelect.tsx';
import { formatLastUsed } from '../lib/share-time.ts';
import { sharingErrorMessage } from '../lib/sharing-messages.ts';
import { t } from '../messages.ts';

/**
 * A list of share grants with its loading, error and empty states; role changes and revoking
 * for roles with sharing.manage. `withTenant` adds a column linking to each client tenant.
 */
export function SharesTable({
  shares,
  canManage,
  withTenant = false,
  label,
  empty,
}: {
  shares: UseQueryResult<{ shares: Share[] }>;
  canManage: boolean;
  withTenant?: boolean;
  label: string;
  empty: string;
}) {
  const [revoking, setRevoking] = useState<Share | null>(null);
  const [rowError, setRowError] = useState<string | null>(null);

  let body;
  if (shares.isPending) body = <Loader size="sm" aria-label={t('table.loading')} />;
  else if (shares.isError) {
    body = (
      <Alert color="red" variant="light" role="alert">
        {sharingErrorMessage(shares.error)}
      </Alert>
    );
  } else if (shares.data.shares.length === 0) {
    body = (
      <Text size="sm" c="dimmed">
        {empty}
      </Text>
    );
  } else {
    body = (
      <Table.ScrollContainer minWidth={withTenant ? 640 : 520}>
        <Table verticalSpacing="xs" aria-label={label}>
          <Table.Thead>
            <Table.Tr>
              {withTenant ? <Table.Th>{t('table.tenant')}</Table.Th> : null}
              <Table.Th>{t('table.email')}</Table.Th>
              <Table.Th>{t('table.role')}</Table.Th>
              <Table.Th>{t('table.lastSignedIn')}</Table.Th>
              {canManage ? <Table.Th aria-label={t('table.actions')} /> : null}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {shares.data.shares.map((share) => (
              <Table.Tr key={share.id}>
                {withTenant ? (
                  <Table.Td>
                    <NameText
                      name={share.tenantName}
                      to={`/tenant/${encodeURIComponent(share.tenantId)}/sharing`}
                      size="sm"
                    />
                  </Table.Td>
                ) : null}
                <Table.Td>
                  <NameText name={share.email} size="sm" />
                </Table.Td>
                <Table.Td>
                  <ShareRoleSelect
                    share={share}
                    canManage={canManage}
                    onError={(err) => setRowError(sharingErrorMessage(err))}
                  />
                </Table.Td>
                <Table.Td>{formatLastUsed(share.lastUsedAt)}</Table.Td>
                {canManage ? (
                  <Table.Td ta="right">
                    <Button
                      size="xs"
                      variant="subtle"
                      color="red"
                      aria-label={
                        withTenant
                          ? t('table.revokeOn', { email: share.email, tenant: share.tenantName })
                          : t('table.revokeEmail', { email: share.email })
                      }
                      onClick={() => setRevoking(share)}
                    >
                      {t('table.revoke')}
                    </Button>
                  </Table.Td>
                ) : null}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );
  }

  return (
    <Stack gap="lg">
      {rowError ? (
        <Alert
          color="red"
          variant="light"
          role="alert"
          withCloseButton
          onClose={() => setRowError(null)}
        >
          {rowError}
        </Alert>
      ) : null}
      {body}
      <RevokeShareModal share={revoking} onClose={() => setRevoking(null)} />
    </Stack>
  );
}
