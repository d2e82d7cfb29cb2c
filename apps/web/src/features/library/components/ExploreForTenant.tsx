import { Anchor, Skeleton, Text } from '@mantine/core';
import { Link } from 'react-router';
import { rich } from '#web/i18n/rich.tsx';
import { t } from '../messages.ts';

export interface ExploreForTenantProps {
  tenantId: string;
  /** The client tenant's name, once known (the explore route reads it from the tenants feature). */
  name: string | undefined;
  /** The name's lookup: pending, failed (no such tenant for me) or done. */
  status: 'pending' | 'error' | 'success';
}

/** "For Acme": the client tenant explore was opened for, linked to its overview. */
export function ExploreForTenant({ tenantId, name, status }: ExploreForTenantProps) {
  if (status === 'pending') {
    return <Skeleton height={14} width={180} mt={4} aria-label={t('forTenant.loading')} />;
  }
  if (status === 'error') {
    return (
      <Text size="sm" c="dimmed" component="span">
        {t('forTenant.notFound')}
      </Text>
    );
  }
  return (
    <Text size="sm" component="span" style={{ overflowWrap: 'anywhere' }}>
      {rich(
        t,
        'forTenant.title',
        {},
        {
          name: (
            <Anchor
              component={Link}
              to={`/tenant/${encodeURIComponent(tenantId)}/overview`}
              fw={600}
              inherit
            >
              {name}
            </Anchor>
          ),
        },
      )}
    </Text>
  );
}
