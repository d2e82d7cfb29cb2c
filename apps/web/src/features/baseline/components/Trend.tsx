import { type Trend } from '@tenantry/shared';
import { trendLabel } from '#web/lib/labels.ts';
import { Badge, Text, type TextProps } from '@mantine/core';
import {
  IconArrowDownRight,
  IconArrowUpRight,
  IconCircleDashed,
  IconEqual,
  IconMinus,
  IconPlus,
} from '@tabler/icons-react';
import { TREND_COLORS, deltaColor, formatDelta } from '../lib/baseline-view.ts';

const TREND_ICONS = {
  improved: IconArrowUpRight,
  regressed: IconArrowDownRight,
  unchanged: IconEqual,
  added: IconPlus,
  removed: IconMinus,
  unscored: IconCircleDashed,
} satisfies Record<Trend, unknown>;

/** How a score moved, in words, colour and an arrow (the words carry it: colour is extra). */
export function TrendBadge({ trend, size = 'sm' }: { trend: Trend; size?: 'xs' | 'sm' | 'md' }) {
  const Icon = TREND_ICONS[trend];
  return (
    <Badge
      color={TREND_COLORS[trend]}
      variant={trend === 'unscored' ? 'outline' : 'light'}
      size={size}
      tt="none"
      leftSection={<Icon size={12} aria-hidden />}
      style={{ flexShrink: 0 }}
    >
      {trendLabel(trend)}
    </Badge>
  );
}

/** A delta as signed percentage points ("+12 pts"), green up, red down. */
export function DeltaText({ delta, ...rest }: { delta: number | null } & TextProps) {
  return (
    <Text
      component="span"
      size="sm"
      fw={600}
      c={deltaColor(delta)}
      style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}
      {...rest}
    >
      {formatDelta(delta)}
    </Text>
  );
}
