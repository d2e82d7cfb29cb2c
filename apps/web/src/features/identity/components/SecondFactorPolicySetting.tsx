import { Card, Loader, Stack, Switch, Text, Title } from '@mantine/core';
import { ErrorAlert } from '#web/components/ErrorAlert.tsx';
import { ApiError } from '#web/lib/api.ts';
import { formatDateTime } from '#web/lib/format.ts';
import { useSecondFactorPolicy, useSetSecondFactorPolicy } from '../api/second-factors.ts';

/**
 * admin/security, owners only: "Require a second factor of every member". Each member then has
 * a few days to set one up; after that Tenantry opens only admin/security to them until they do.
 */
export function SecondFactorPolicySetting() {
  const policy = useSecondFactorPolicy(true);
  const set = useSetSecondFactorPolicy();
  return (
    <Card withBorder component="section" aria-labelledby="second-factor-policy-title">
      <Stack gap="sm">
        <Title order={3} size="h4" id="second-factor-policy-title">
          Second factor for every member
        </Title>
        {policy.isPending ? (
          <Loader size="sm" aria-label="Loading the requirement" />
        ) : policy.isError ? (
          <ErrorAlert error={policy.error} />
        ) : (
          <>
            <Switch
              label="Require a second factor of every member"
              checked={policy.data.required}
              disabled={set.isPending}
              onChange={(e) => set.mutate(e.currentTarget.checked)}
            />
            <Text size="sm" c="dimmed">
              {policy.data.required && policy.data.since
                ? `Required since ${formatDateTime(policy.data.since)}. Each member has ${policy.data.graceDays} days from then (or from joining) to set one up; then only the security page opens for them until they do.`
                : `Members then have ${policy.data.graceDays} days to set up an authenticator app or a passkey.`}{' '}
              {policy.data.membersWithout === 0
                ? 'Every member has one.'
                : policy.data.membersWithout === 1
                  ? 'One member has none yet.'
                  : `${policy.data.membersWithout} members have none yet.`}
            </Text>
          </>
        )}
        {set.isError ? (
          <ErrorAlert>
            {set.error instanceof ApiError && set.error.code === 'auth.second_factor_own_first'
              ? 'Set up your own authenticator app or passkey first: the requirement applies to you too.'
              : set.error.message}
          </ErrorAlert>
        ) : null}
      </Stack>
    </Card>
  );
}
