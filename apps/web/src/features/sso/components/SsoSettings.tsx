import { Badge, Card, Code, Divider, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { CopyTextButton } from '#web/components/CopyableSecret.tsx';
import { ErrorAlert } from '#web/components/ErrorAlert.tsx';
import { UpgradePrompt } from '#web/components/UpgradePrompt.tsx';
import type { PlanRefusal } from '#web/lib/billing-errors.ts';
import { useSsoConfig } from '../api/sso.ts';
import { inactiveReason } from '../lib/sso-form.ts';
import { SsoDomains } from './SsoDomains.tsx';
import { SsoProviderForm } from './SsoProviderForm.tsx';
import { t } from '../messages.ts';

/**
 * admin/security, owners only (docs/sso.md): single sign-on through the account's OpenID
 * Connect provider (Business plan): the redirect URI to register there, the provider, the
 * proven e-mail domains, "require single sign-on" and the role of a first sign-in. `planLock`:
 * the plan's refusal read before the form (the route's usePlanLock), shown instead of saving.
 */
export function SsoSettings({ planLock }: { planLock: PlanRefusal | null }) {
  const config = useSsoConfig(true);
  const locked = planLock !== null || config.data?.available === false;
  const reason = config.data ? inactiveReason(config.data) : null;
  return (
    <Card withBorder component="section" aria-labelledby="sso-title">
      <Stack gap="md">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Title order={3} size="h4" id="sso-title">
            {t('settings.title')}
          </Title>
          {config.data ? (
            config.data.active ? (
              <Badge color="teal" variant="light">
                {t('settings.active')}
              </Badge>
            ) : (
              <Badge color="gray" variant="light">
                {t('settings.notActive')}
              </Badge>
            )
          ) : null}
        </Group>
        <Text size="sm" c="dimmed">
          {t('settings.intro')}
        </Text>
        {planLock ? <UpgradePrompt refusal={planLock} /> : null}
        {config.isPending ? (
          <Loader size="sm" aria-label={t('settings.loading')} />
        ) : config.error ? (
          <ErrorAlert error={config.error} />
        ) : (
          <>
            {reason && !planLock ? (
              <Text size="sm" role="status">
                {t('settings.notActiveYet', { reason })}
              </Text>
            ) : null}
            <Stack gap={4}>
              <Text size="sm" fw={500}>
                {t('settings.redirect.title')}
              </Text>
              <Text size="sm" c="dimmed">
                {t('settings.redirect.body')}
              </Text>
              <Group gap="xs" wrap="wrap" align="center">
                <Code
                  data-testid="sso-redirect-uri"
                  style={{ overflowWrap: 'anywhere', minWidth: 0 }}
                >
                  {config.data.redirectUri}
                </Code>
                <CopyTextButton
                  value={config.data.redirectUri}
                  label={t('settings.redirect.copy')}
                  copiedLabel={t('settings.redirect.copied')}
                />
              </Group>
            </Stack>
            <Divider label={t('settings.provider')} labelPosition="left" />
            <SsoProviderForm
              key={config.data.provider?.updatedAt ?? 'none'}
              config={config.data}
              locked={locked}
            />
            <Divider label={t('settings.domains')} labelPosition="left" />
            <SsoDomains domains={config.data.domains} locked={locked} />
          </>
        )}
      </Stack>
    </Card>
  );
}
