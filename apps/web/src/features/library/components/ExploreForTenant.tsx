import { Anchor, Skeleton, Text } from '@mantine/core';
import { Link } from 'react-router';

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
    return <Skeleton height={14} width={180} mt={4} aria-label="Loading the client tenant" />;
  }
  if (status === 'error') {
    return (
      <Text size="sm" c="dimmed" component="span">
        For a client tenant that could not be found.
      </Text>
    );
  }
  return (
    <Text size="sm" component="span" style={{ overflowWrap: 'anywhere' }}>
      For{' '}
      <Anchor
        component={Link}
        to={`/tenant/${encodeURIComponent(tenantId)}/overview`}
        fw={600}
        inherit
      >
        {name}
      </Anchor>
      : frameworks to assess it against, playbooks to close its gaps.
    </Text>
  );
}
