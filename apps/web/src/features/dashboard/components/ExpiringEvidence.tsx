import { type Dashboard } from '@tenantry/shared';
import { evidenceStateLabel } from '#web/lib/labels.ts';
import { Badge, Divider, Group, Stack, Text } from '@mantine/core';
import { IconCertificate } from '@tabler/icons-react';
import { Fragment } from 'react';
import { NameText } from '#web/components/NameText.tsx';
import { formatDay } from '../lib/dashboard-view.ts';
import { DashboardCard, EmptyPanel } from './DashboardCard.tsx';
import { t } from '../messages.ts';
import { rich } from '#web/i18n/rich.tsx';

type EvidenceRow = Dashboard['evidence']['files'][number];

const tenantHref = (f: EvidenceRow) => `/tenant/${encodeURIComponent(f.tenantId)}/overview`;

function Row({ f }: { f: EvidenceRow }) {
  const expired = f.state === 'expired';
  return (
    <Stack gap={2} component="li">
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
        <Stack gap={0} miw={0}>
          <NameText name={f.name} fw={600} size="sm" lines={1} component="div" />
          <NameText name={f.tenantName} to={tenantHref(f)} size="xs" c="dimmed" lines={1} />
        </Stack>
        <Badge
          color={expired ? 'red' : 'orange'}
          variant={expired ? 'filled' : 'outline'}
          tt="none"
          style={{ flexShrink: 0 }}
        >
          {evidenceStateLabel(f.state)}
        </Badge>
      </Group>
      <Text size="xs" c={expired ? 'red' : 'dimmed'} fw={expired ? 600 : undefined}>
        {rich(
          t,
          expired ? 'evidence.expiredOn' : 'evidence.expiresOn',
          {},
          { date: <time dateTime={f.expiresOn}>{formatDay(f.expiresOn)}</time> },
        )}
      </Text>
    </Stack>
  );
}

/** "2 files expired, 3 files expiring — the 4 soonest". */
function evidenceCounts(e: Dashboard['evidence']): string {
  const values = { expired: e.expired, expiring: e.expiring };
  const counts =
    e.expired > 0 && e.expiring > 0
      ? t('evidence.expiredExpiring', values)
      : e.expired > 0
        ? t('evidence.expired', values)
        : t('evidence.expiring', values);
  return e.expired + e.expiring > e.files.length
    ? t('evidence.soonest', { counts, shown: e.files.length })
    : counts;
}

/**
 * "Evidence expiring in 30 days": evidence files of the client tenants the person reaches that
 * have expired or expire within 30 days, the soonest expiry first (docs/evidence.md, "Expiry").
 */
export function ExpiringEvidence({ evidence: e }: { evidence: Dashboard['evidence'] }) {
  const total = e.expired + e.expiring;
  return (
    <DashboardCard
      title={t('evidence.title')}
      action={
        total > 0 ? (
          <Badge
            color={e.expired > 0 ? 'red' : 'orange'}
            variant="filled"
            aria-label={t('evidence.count', { total })}
          >
            {total}
          </Badge>
        ) : undefined
      }
      description={total > 0 ? evidenceCounts(e) : undefined}
    >
      {e.files.length > 0 ? (
        <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {e.files.map((f, i) => (
            <Fragment key={f.id}>
              {i > 0 ? <Divider component="li" aria-hidden /> : null}
              <Row f={f} />
            </Fragment>
          ))}
        </Stack>
      ) : (
        <EmptyPanel icon={<IconCertificate size={22} />} title={t('evidence.empty.title')}>
          {t('evidence.empty.body')}
        </EmptyPanel>
      )}
    </DashboardCard>
  );
}
