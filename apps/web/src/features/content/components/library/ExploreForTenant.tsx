import { Anchor, Skeleton, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useTenantName } from '../../api/library/get-tenant-name.ts';

/** "For Acme": the client tenant explore was opened for, linked to its overview. */
export function ExploreForTenant({ tenantId }: { tenantId: string }) {
  const name = useTenantName(tenantId);
  if (name.isPending) {
    return <Skeleton height={14} width={180} mt={4} aria-label="Loading the client tenant" />;
  }
  if (name.isError) {
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
        {name.data}
      </Anchor>
      : frameworks to assess it against, playbooks to close its gaps.
    </Text>
  );
}
