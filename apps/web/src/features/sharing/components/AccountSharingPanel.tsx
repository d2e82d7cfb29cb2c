import { can, type Share } from '@tenantry/shared';
import { Alert, Anchor, Button, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { useAccountShares, useMyAccountRole } from '../api/shares.ts';
import { RevokeShareModal } from './RevokeShareModal.tsx';
import { ShareRoleSelect } from './ShareRoleSelect.tsx';
import { formatLastUsed } from './share-time.ts';
import { sharingErrorMessage } from './sharing-messages.ts';

/** `admin/sharing`: every active share of the account, with links to its client tenant. */
export function AccountSharingPanel() {
  const role = useMyAccountRole();
  const shares = useAccountShares();
  const canManage = can(role.data, 'sharing.manage');
  const [revoking, setRevoking] = useState<Share | null>(null);
  const [rowError, setRowError] = useState<string | null>(null);

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={2} size="h4">
          Shared client tenants
        </Title>
        <Text size="sm" c="dimmed">
          Everyone outside your account who can open one of your client tenants. Share a tenant from
          its Sharing tab.
        </Text>
      </Stack>
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
      {shares.isPending ? (
        <Loader size="sm" aria-label="Loading shares" />
      ) : shares.isError ? (
        <Alert color="red" variant="light" role="alert">
          {sharingErrorMessage(shares.error)}
        </Alert>
      ) : shares.data.shares.length === 0 ? (
        <Text size="sm" c="dimmed">
          No client tenant is shared yet.
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table verticalSpacing="xs" aria-label="Shares of this account">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Client tenant</Table.Th>
                <Table.Th>E-mail</Table.Th>
                <Table.Th>Role</Table.Th>
                <Table.Th>Last signed in</Table.Th>
                {canManage ? <Table.Th aria-label="Actions" /> : null}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {shares.data.shares.map((share) => (
                <Table.Tr key={share.id}>
                  <Table.Td>
                    <Anchor
                      component={Link}
                      to={`/tenant/${encodeURIComponent(share.tenantId)}/sharing`}
                    >
                      {share.tenantName}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{share.email}</Table.Td>
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
                        aria-label={`Revoke ${share.email} on ${share.tenantName}`}
                        onClick={() => setRevoking(share)}
                      >
                        Revoke
                      </Button>
                    </Table.Td>
                  ) : null}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <RevokeShareModal share={revoking} onClose={() => setRevoking(null)} />
    </Stack>
  );
}
