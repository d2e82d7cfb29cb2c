import { Card, Stack, Table } from '@mantine/core';
import type { ReactNode } from 'react';

export interface TableOrCardsProps<T extends { id: string }> {
  /** The table's name ("Playbooks", "Client tenants"). */
  label: string;
  items: readonly T[];
  /** Below this width the table scrolls sideways. */
  minWidth: number;
  /** The header cells (`Table.Th`). */
  head: ReactNode;
  /** An item's cells (`Table.Td`). */
  row: (item: T) => ReactNode;
  /** An item on a phone: the inside of its card. */
  card: (item: T) => ReactNode;
}

/** A list of items: a striped table on wider screens, a list of cards on a phone. */
export function TableOrCards<T extends { id: string }>({
  label,
  items,
  minWidth,
  head,
  row,
  card,
}: TableOrCardsProps<T>) {
  return (
    <>
      <Table.ScrollContainer minWidth={minWidth} visibleFrom="sm">
        <Table striped highlightOnHover aria-label={label}>
          <Table.Thead>
            <Table.Tr>{head}</Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((item) => (
              <Table.Tr key={item.id}>{row(item)}</Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Stack gap="xs" hiddenFrom="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
        {items.map((item) => (
          <Card key={item.id} withBorder padding="sm" component="li">
            {card(item)}
          </Card>
        ))}
      </Stack>
    </>
  );
}
