import { can, type Share } from '@tenantry/shared';
import { Alert, Button, Card, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useMyAccountRole, useTenantShares } from '../api/shares.ts';
import { RevokeShareModal } from './RevokeShareModal.tsx';
import { ShareForm } from './ShareForm.tsx';
import { ShareRoleSelect } from './ShareRoleSelect.tsx';
import { formatLastUsed } from './share-time.ts';
import { sharingErrorMessage } from './sharing-messages.ts';

/**
 * The `sharing` tab of a client tenant: who it is shared with, their role, and (for roles
 * with sharing.manage) sharing with a new address, changing a role and revoking.
 */
export function TenantSharingPanel({ tenantId }: { tenantId: string }) {
  const role = useMyAccountRole();
  const shares = useTenantShares(tenantId);
  const canManage = can(role.data, 'sharing.manage');
  const [revoking, setRevoking] = useState<Share | null>(null);
  const [rowError, setRowError] = useState<string | null>(null);

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={2} size="h4">
          Sharing
        </Title>
        <Text size="sm" c="dimmed">
          People outside your account who may open this client tenant. A viewer can read it; a
          contributor can also answer assessments and update remediation tasks. They sign in with a
          one-time code sent to their e-mail address.
        </Text>
      </Stack>
      {canManage ? (
        <Card withBorder padding="md">
          <ShareForm tenantId={tenantId} />
        </Card>
      ) : null}
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
          Not shared with anyone yet.
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={520}>
          <Table verticalSpacing="xs" aria-label="People this tenant is shared with">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>E-mail</Table.Th>
                <Table.Th>Role</Table.Th>
                <Table.Th>Last signed in</Table.Th>
                {canManage ? <Table.Th aria-label="Actions" /> : null}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {shares.data.shares.map((share) => (
                <Table.Tr key={share.id}>
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
                        aria-label={`Revoke ${share.email}`}
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
