import type { ClientConfig } from '@tenantry/shared';
import { Alert, Loader, SimpleGrid, Stack, Table, Title } from '@mantine/core';
import { useSystemInfo } from '../api/get-system-info.ts';
import { t } from '../messages.ts';

function show(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  return typeof value === 'string' ? value : JSON.stringify(value, null, 2);
}

/** Diagnostics for system developers: the active client configuration and the server's info. */
export function Diagnostics({ config }: { config: ClientConfig }) {
  const info = useSystemInfo(true);
  return (
    <Stack gap="sm" component="section" aria-labelledby="diagnostics-heading">
      <Title order={2} size="h3" id="diagnostics-heading">
        {t('diagnostics.title')}
      </Title>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Stack gap="xs">
          <Title order={3} size="h4">
            {t('diagnostics.client')}
          </Title>
          <Table withTableBorder striped variant="vertical" layout="fixed">
            <Table.Tbody>
              {Object.entries(config).map(([key, value]) => (
                <Table.Tr key={key}>
                  <Table.Th w={160}>{key}</Table.Th>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>{show(value)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Stack>
        <Stack gap="xs">
          <Title order={3} size="h4">
            {t('diagnostics.server')}
          </Title>
          {info.isPending ? (
            <Loader size="sm" aria-label={t('diagnostics.server.loading')} />
          ) : null}
          {info.isError ? (
            <Alert color="red" variant="light" role="alert">
              {t('diagnostics.server.loadFailed', { message: info.error.message })}
            </Alert>
          ) : null}
          {info.data ? (
            <Table withTableBorder striped variant="vertical" layout="fixed">
              <Table.Tbody>
                {[
                  ['profile', info.data.profile],
                  ['database', info.data.database],
                  ['mail', info.data.mail],
                  [
                    'version',
                    `${new Date(info.data.versionTimestamp).toISOString()} (${info.data.versionTimestamp})`,
                  ],
                ].map(([key, value]) => (
                  <Table.Tr key={key}>
                    <Table.Th w={160}>{key}</Table.Th>
                    <Table.Td style={{ overflowWrap: 'anywhere' }}>{value}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          ) : null}
        </Stack>
      </SimpleGrid>
    </Stack>
  );
}
