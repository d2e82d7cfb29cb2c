import { formatScore, type Dashboard } from '@tenantry/shared';
import { Anchor, Badge, Divider, Group, Stack, Text } from '@mantine/core';
import { IconTargetArrow } from '@tabler/icons-react';
import { Fragment } from 'react';
import { Link } from 'react-router';
import { NameText } from '#web/components/NameText.tsx';
import { formatDate } from '#web/lib/format.ts';
import { DashboardCard, EmptyPanel } from './DashboardCard.tsx';
import { t } from '../messages.ts';
import { rich } from '#web/i18n/rich.tsx';

type Gap = Dashboard['largestGaps'][number];

const baselineHref = (g: Gap) => `/tenant/${encodeURIComponent(g.tenantId)}/baseline`;

/** The tenants whose latest completed assessment has the most gap questions. */
export function LargestGaps({ items }: { items: Dashboard['largestGaps'] }) {
  return (
    <DashboardCard
      title={t('gaps.title')}
      description={items.length > 0 ? t('gaps.description') : undefined}
    >
      {items.length === 0 ? (
        <EmptyPanel icon={<IconTargetArrow size={22} />} title={t('gaps.empty.title')}>
          {t('gaps.empty.body')}{' '}
          <Anchor component={Link} to="/tenant" inherit>
            {t('gaps.empty.link')}
          </Anchor>
        </EmptyPanel>
      ) : (
        <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {items.map((g, i) => (
            <Fragment key={g.tenantId}>
              {i > 0 ? <Divider component="li" aria-hidden /> : null}
              <Group component="li" justify="space-between" wrap="nowrap" gap="sm">
                <Stack gap={0} miw={0}>
                  <NameText name={g.tenantName} to={baselineHref(g)} fw={600} size="sm" />
                  <Text size="xs" c="dimmed">
                    {rich(
                      t,
                      'gaps.completed',
                      {},
                      { date: <time dateTime={g.completedAt}>{formatDate(g.completedAt)}</time> },
                    )}
                  </Text>
                </Stack>
                <Stack gap={2} align="flex-end" style={{ flexShrink: 0 }}>
                  <Badge color={g.gaps > 0 ? 'red' : 'gray'} variant="light" tt="none">
                    {t('gaps.count', { gaps: g.gaps })}
                  </Badge>
                  <Text size="xs" c="dimmed">
                    {rich(t, 'gaps.score', {}, { score: <strong>{formatScore(g.score)}</strong> })}
                  </Text>
                </Stack>
              </Group>
            </Fragment>
          ))}
        </Stack>
      )}
    </DashboardCard>
  );
}
