import { EVIDENCE_STATE_LABELS, type Dashboard } from '@tenantry/shared';
import { Badge, Divider, Group, Stack, Text } from '@mantine/core';
import { IconCertificate } from '@tabler/icons-react';
import { Fragment } from 'react';
import { NameText } from '#web/components/NameText.tsx';
import { formatDay, plural } from '../lib/dashboard-view.ts';
import { DashboardCard, EmptyPanel } from './DashboardCard.tsx';

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
          {EVIDENCE_STATE_LABELS[f.state]}
        </Badge>
      </Group>
      <Text size="xs" c={expired ? 'red' : 'dimmed'} fw={expired ? 600 : undefined}>
        {expired ? 'Expired on ' : 'Expires on '}
        <time dateTime={f.expiresOn}>{formatDay(f.expiresOn)}</time>
      </Text>
    </Stack>
  );
}

/**
 * "Evidence expiring in 30 days": evidence files of the client tenants the person reaches that
 * have expired or expire within 30 days, the soonest expiry first (docs/evidence.md, "Expiry").
 */
export function ExpiringEvidence({ evidence: e }: { evidence: Dashboard['evidence'] }) {
  const total = e.expired + e.expiring;
  return (
    <DashboardCard
      title="Evidence expiring in 30 days"
      action={
        total > 0 ? (
          <Badge
            color={e.expired > 0 ? 'red' : 'orange'}
            variant="filled"
            aria-label={`${plural(total, 'evidence file')} expired or expiring`}
          >
            {total}
          </Badge>
        ) : undefined
      }
      description={
        total > 0
          ? [
              e.expired > 0 ? `${plural(e.expired, 'file')} expired` : null,
              e.expiring > 0 ? `${plural(e.expiring, 'file')} expiring` : null,
            ]
              .filter(Boolean)
              .join(', ') + (total > e.files.length ? ` — the ${e.files.length} soonest` : '')
          : undefined
      }
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
        <EmptyPanel icon={<IconCertificate size={22} />} title="No evidence expiring">
          Evidence with an expiry date shows here 30 days before it expires, and stays until it is
          replaced or given a new date.
        </EmptyPanel>
      )}
    </DashboardCard>
  );
}
