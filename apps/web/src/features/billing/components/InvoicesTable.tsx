import { formatMoney, type Invoice, type InvoiceStatus } from '@tenantry/shared';
import { Anchor, Badge, Group, Loader, Table, Text } from '@mantine/core';
import { ErrorAlert } from '#web/components/ErrorAlert.tsx';
import { TableOrCards } from '#web/components/TableOrCards.tsx';
import { formatDate } from '#web/lib/format.ts';
import { useInvoices } from '../api/list-invoices.ts';
import { t } from '../messages.ts';

const STATUS: Record<InvoiceStatus, { label: () => string; color: string }> = {
  draft: { label: () => t('invoices.status.draft'), color: 'gray' },
  open: { label: () => t('invoices.status.open'), color: 'orange' },
  paid: { label: () => t('invoices.status.paid'), color: 'green' },
  void: { label: () => t('invoices.status.void'), color: 'gray' },
  uncollectible: { label: () => t('invoices.status.uncollectible'), color: 'red' },
};

function StatusBadge({ status }: { status: InvoiceStatus }) {
  return (
    <Badge variant="light" color={STATUS[status].color}>
      {STATUS[status].label()}
    </Badge>
  );
}

/** The invoice's amount: what was paid once paid, else what is due. */
function amountOf(inv: Invoice): string {
  return formatMoney(inv.status === 'paid' ? inv.amountPaid : inv.amountDue, inv.currency);
}

function Links({ inv }: { inv: Invoice }) {
  const name = inv.number ?? formatDate(inv.issuedAt);
  if (!inv.pdfUrl && !inv.hostedUrl)
    return (
      <Text size="sm" c="dimmed">
        –
      </Text>
    );
  return (
    <Group gap="sm" wrap="nowrap">
      {inv.pdfUrl ? (
        <Anchor
          href={inv.pdfUrl}
          target="_blank"
          rel="noopener noreferrer"
          size="sm"
          aria-label={t('invoices.pdf.label', { name })}
        >
          PDF
        </Anchor>
      ) : null}
      {inv.hostedUrl ? (
        <Anchor
          href={inv.hostedUrl}
          target="_blank"
          rel="noopener noreferrer"
          size="sm"
          aria-label={t('invoices.view.label', { name })}
        >
          {t('invoices.view')}
        </Anchor>
      ) : null}
    </Group>
  );
}

/** The account's invoices: date, number, amount, status and the provider's PDF or page. */
export function InvoicesTable() {
  const invoices = useInvoices(true);
  if (invoices.isPending) return <Loader size="sm" aria-label={t('invoices.loading')} />;
  if (invoices.isError) {
    return (
      <ErrorAlert title={t('invoices.loadFailed')} error={invoices.error}>
        {invoices.error.message}
      </ErrorAlert>
    );
  }
  const items = invoices.data.items;
  if (items.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t('invoices.empty')}
      </Text>
    );
  }
  return (
    <TableOrCards
      label={t('invoices.label')}
      items={items}
      minWidth={560}
      head={
        <>
          <Table.Th>{t('invoices.column.date')}</Table.Th>
          <Table.Th>{t('invoices.column.number')}</Table.Th>
          <Table.Th ta="right">{t('invoices.column.amount')}</Table.Th>
          <Table.Th>{t('invoices.column.status')}</Table.Th>
          <Table.Th>{t('invoices.column.invoice')}</Table.Th>
        </>
      }
      row={(inv) => (
        <>
          <Table.Td>
            <time dateTime={inv.issuedAt}>{formatDate(inv.issuedAt)}</time>
          </Table.Td>
          <Table.Td>{inv.number ?? '–'}</Table.Td>
          <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
            {amountOf(inv)}
          </Table.Td>
          <Table.Td>
            <StatusBadge status={inv.status} />
          </Table.Td>
          <Table.Td>
            <Links inv={inv} />
          </Table.Td>
        </>
      )}
      card={(inv) => (
        <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
          <div>
            <Text size="sm" fw={500}>
              <time dateTime={inv.issuedAt}>{formatDate(inv.issuedAt)}</time>
              {inv.number ? ` · ${inv.number}` : null}
            </Text>
            <Group gap="xs" mt={4}>
              <Text size="sm">{amountOf(inv)}</Text>
              <StatusBadge status={inv.status} />
            </Group>
          </div>
          <Links inv={inv} />
        </Group>
      )}
    />
  );
}
