import { Alert, Button, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { NameText } from '#web/components/NameText.tsx';
import { formatDateTime } from '#web/lib/format.ts';
import { useAuditLog } from '../api/list-audit-entries.ts';
import { describeAuditEntry } from '../lib/audit-labels.ts';
import { t } from '../messages.ts';

/** admin/audit: who did what in the account, newest first, "Load more" for older entries. */
export function AuditLog() {
  const audit = useAuditLog();
  const entries = audit.data?.pages.flatMap((p) => p.entries) ?? [];
  return (
    <Stack gap="sm" component="section" aria-labelledby="audit-heading">
      <Title order={2} size="h3" id="audit-heading">
        {t('log.title')}
      </Title>
      {audit.isPending ? <Loader size="sm" aria-label={t('log.loading')} /> : null}
      {audit.isError ? (
        <Alert color="red" variant="light" role="alert">
          {audit.error.message}
        </Alert>
      ) : null}
      {audit.isSuccess && entries.length === 0 ? <Text size="sm">{t('log.empty')}</Text> : null}
      {entries.length > 0 ? (
        <Table.ScrollContainer minWidth={0}>
          <Table verticalSpacing="xs" aria-label={t('log.table')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('log.head.what')}</Table.Th>
                <Table.Th w={200} visibleFrom="sm">
                  {t('log.head.who')}
                </Table.Th>
                <Table.Th visibleFrom="sm">{t('log.head.when')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {entries.map((e) => (
                <Table.Tr key={e.id}>
                  <Table.Td>
                    <NameText name={describeAuditEntry(e)} size="sm" lines={3} component="div" />
                    {/* On a phone the main column stands alone; who and when go under it. */}
                    <Text size="xs" c="dimmed" hiddenFrom="sm" style={{ overflowWrap: 'anywhere' }}>
                      {e.actorEmail ?? t('log.system')} ·{' '}
                      <time dateTime={e.createdAt}>{formatDateTime(e.createdAt)}</time>
                    </Text>
                  </Table.Td>
                  <Table.Td visibleFrom="sm">
                    <NameText name={e.actorEmail ?? t('log.system')} size="sm" lines={2} />
                  </Table.Td>
                  <Table.Td visibleFrom="sm">
                    <time dateTime={e.createdAt}>{formatDateTime(e.createdAt)}</time>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : null}
      {audit.hasNextPage ? (
        <Group>
          <Button
            variant="default"
            loading={audit.isFetchingNextPage}
            onClick={() => void audit.fetchNextPage()}
          >
            {t('log.more')}
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}
