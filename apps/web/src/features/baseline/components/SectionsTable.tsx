import { formatScore, type SectionComparison } from '@tenantry/shared';
import { leftOutLabel } from '#web/lib/labels.ts';
import { Anchor, Group, Stack, Table, Text } from '@mantine/core';
import { IconChevronRight } from '@tabler/icons-react';
import { Link } from 'react-router';
import { NAME_WRAP } from '#web/components/NameText.tsx';
import { TableOrCards } from '#web/components/TableOrCards.tsx';
import { childrenOf, gapText, targetOf } from '../lib/baseline-view.ts';
import { DeltaText, TrendBadge } from './Trend.tsx';
import { t } from '../messages.ts';
import { rich } from '#web/i18n/rich.tsx';

export interface SectionsTableProps {
  /** The table's name. */
  label: string;
  /** The rows: sections of one level. */
  rows: readonly SectionComparison[];
  /** Every section of the comparison (to count subsections). */
  all: readonly SectionComparison[];
  /** The URL that drills into a section. */
  hrefFor: (sectionKey: string) => string;
}

const NUM = { style: { whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' } } as const;

function Gap({ s, inherit = false }: { s: SectionComparison; inherit?: boolean }) {
  const text = gapText(s.latest);
  return (
    <Text
      component="span"
      size={inherit ? undefined : 'sm'}
      inherit={inherit}
      c={text === t('gap.met') ? 'green' : text === '—' ? 'dimmed' : 'orange'}
      fw={text === '—' ? undefined : 500}
      {...NUM}
    >
      {text}
    </Text>
  );
}

function Progress({ s, all }: { s: SectionComparison; all: readonly SectionComparison[] }) {
  const subs = childrenOf(all, s.key).length;
  const side = s.latest ?? s.baseline;
  const parts = [
    subs ? t('sections.subsections', { count: subs }) : null,
    side ? t('sections.answered', { answered: side.answered, total: side.total }) : null,
  ].filter(Boolean);
  return parts.length ? (
    <Text size="xs" c="dimmed">
      {parts.join(' · ')}
    </Text>
  ) : null;
}

/** Why a section has no change though one side scores it ("no score on the compared assessment"). */
function LeftOutNote({ s }: { s: SectionComparison }) {
  if (!s.leftOut || s.leftOut === 'added' || s.leftOut === 'removed') return null;
  const side = s.leftOut === 'no_score_latest' ? s.latest : s.baseline;
  return (
    <Text size="xs" c="dimmed">
      {side
        ? t('sections.leftOut.answered', {
            reason: leftOutLabel(s.leftOut),
            answered: side.answered,
            total: side.total,
          })
        : leftOutLabel(s.leftOut)}
    </Text>
  );
}

/**
 * Sections of one level compared: baseline, latest, target, gap to it, change and trend. A
 * section's name drills into it. On a phone, one card per section.
 */
export function SectionsTable({ label, rows, all, hrefFor }: SectionsTableProps) {
  const items = rows.map((s) => ({ ...s, id: s.key }));
  const title = (s: SectionComparison) => (
    <Anchor component={Link} to={hrefFor(s.key)} fw={600} size="sm" style={NAME_WRAP}>
      {s.title}
    </Anchor>
  );
  return (
    <TableOrCards
      label={label}
      items={items}
      minWidth={760}
      head={
        <>
          <Table.Th>{t('sections.head.section')}</Table.Th>
          <Table.Th ta="right">{t('sections.head.baseline')}</Table.Th>
          <Table.Th ta="right">{t('sections.head.latest')}</Table.Th>
          <Table.Th ta="right">{t('sections.head.target')}</Table.Th>
          <Table.Th ta="right">{t('sections.head.gap')}</Table.Th>
          <Table.Th ta="right">{t('sections.head.change')}</Table.Th>
          <Table.Th>{t('sections.head.trend')}</Table.Th>
        </>
      }
      row={(s) => (
        <>
          <Table.Td maw={320}>
            {title(s)}
            <Progress s={s} all={all} />
          </Table.Td>
          <Table.Td ta="right" {...NUM}>
            {formatScore(s.baseline?.score)}
          </Table.Td>
          <Table.Td ta="right" fw={600} {...NUM}>
            {formatScore(s.latest?.score)}
          </Table.Td>
          <Table.Td ta="right" {...NUM}>
            {formatScore(targetOf(s))}
          </Table.Td>
          <Table.Td ta="right">
            <Gap s={s} />
          </Table.Td>
          <Table.Td ta="right">
            <DeltaText delta={s.delta} />
            <LeftOutNote s={s} />
          </Table.Td>
          <Table.Td>
            <TrendBadge trend={s.trend} />
          </Table.Td>
        </>
      )}
      card={(s) => (
        <Stack gap={6}>
          <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
            <Group gap={4} wrap="nowrap" miw={0}>
              {title(s)}
              <IconChevronRight size={14} aria-hidden style={{ flexShrink: 0 }} />
            </Group>
            <TrendBadge trend={s.trend} />
          </Group>
          <Group gap="xs" wrap="wrap">
            <Text size="sm" {...NUM}>
              {formatScore(s.baseline?.score)} → <strong>{formatScore(s.latest?.score)}</strong>
            </Text>
            <DeltaText delta={s.delta} />
            <LeftOutNote s={s} />
          </Group>
          {targetOf(s) !== null ? (
            <Text size="xs" c="dimmed">
              {rich(
                t,
                'sections.card.target',
                { target: formatScore(targetOf(s)) },
                { gap: <Gap s={s} inherit /> },
              )}
            </Text>
          ) : null}
          <Progress s={s} all={all} />
        </Stack>
      )}
    />
  );
}
