import type { CurrentUser } from '@tenantry/shared';
import { Alert, Button, Group, Text } from '@mantine/core';
import { IconLifebuoy } from '@tabler/icons-react';
import { ErrorAlert } from '#web/components/ErrorAlert.tsx';
import { t } from '../../messages.ts';
import { useStopSupportSession } from '../api/support-access.ts';

const time = (iso: string) =>
  new Date(iso).toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' });

/**
 * On every page of the app during a support session (a system admin viewing the account as one
 * of its members): who, that it is read-only, when it ends, and the way out — back to the
 * admin's own session, in the service console.
 */
export function SupportSessionBanner({ user }: { user: CurrentUser }) {
  const stop = useStopSupportSession();
  const session = user.supportSession;
  if (!session) return null;
  return (
    <Alert
      color="violet"
      variant="filled"
      py={6}
      px="sm"
      mb="md"
      role="region"
      aria-label={t('support.banner.label')}
      data-testid="support-session-banner"
    >
      <Group gap="xs" justify="space-between" wrap="wrap">
        <Group gap={6} wrap="nowrap" miw={0}>
          <IconLifebuoy size={16} aria-hidden style={{ flexShrink: 0 }} />
          <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
            {t('support.banner.text', { email: user.email, time: time(session.endsAt) })}
          </Text>
        </Group>
        <Button
          size="compact-sm"
          color="dark"
          loading={stop.isPending || stop.isSuccess}
          onClick={() =>
            stop.mutate(undefined, { onSuccess: () => window.location.assign('/service') })
          }
        >
          {t('support.banner.end')}
        </Button>
      </Group>
      {stop.error ? <ErrorAlert error={stop.error} mt="xs" /> : null}
    </Alert>
  );
}
