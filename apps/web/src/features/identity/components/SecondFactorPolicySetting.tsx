import { Card, Loader, Stack, Switch, Text, Title } from '@mantine/core';
import { ErrorAlert } from '#web/components/ErrorAlert.tsx';
import { ApiError } from '#web/lib/api.ts';
import { formatDateTime } from '#web/lib/format.ts';
import { useSecondFactorPolicy, useSetSecondFactorPolicy } from '../api/second-factors.ts';
import { t } from '../messages.ts';

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
          {t('policy.title')}
        </Title>
        {policy.isPending ? (
          <Loader size="sm" aria-label={t('policy.loading')} />
        ) : policy.isError ? (
          <ErrorAlert error={policy.error} />
        ) : (
          <>
            <Switch
              label={t('policy.label')}
              checked={policy.data.required}
              disabled={set.isPending}
              onChange={(e) => set.mutate(e.currentTarget.checked)}
            />
            <Text size="sm" c="dimmed">
              {policy.data.required && policy.data.since
                ? t('policy.required', {
                    since: formatDateTime(policy.data.since),
                    days: String(policy.data.graceDays),
                  })
                : t('policy.notRequired', { days: String(policy.data.graceDays) })}{' '}
              {t('policy.without', {
                count: policy.data.membersWithout,
                n: String(policy.data.membersWithout),
              })}
            </Text>
          </>
        )}
        {set.isError ? (
          <ErrorAlert>
            {set.error instanceof ApiError && set.error.code === 'auth.second_factor_own_first'
              ? t('policy.ownFirst')
              : set.error.message}
          </ErrorAlert>
        ) : null}
      </Stack>
    </Card>
  );
}
