import { SUPPORT_ACCESS_DAYS } from '@tenantry/shared';
import {
  Button,
  Card,
  Group,
  Loader,
  NumberInput,
  Stack,
  Switch,
  Text,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { ErrorAlert } from '#web/components/ErrorAlert.tsx';
import { useOwnSupportAccess, useSetSupportAccess } from '../api/support-access.ts';
import { formatDateTime } from '#web/lib/format.ts';
import { t } from '../../messages.ts';

/**
 * admin/security, owners only: "Allow Tenantry support to view this account" for 1–30 days,
 * revocable. While on, a Tenantry system admin may open the app as one of the members,
 * read-only, for 60 minutes at a time; every request is in the audit log.
 */
export function SupportAccessSetting() {
  const access = useOwnSupportAccess(true);
  const set = useSetSupportAccess();
  const [days, setDays] = useState<number | string>(7);
  const valid =
    typeof days === 'number' &&
    Number.isInteger(days) &&
    days >= SUPPORT_ACCESS_DAYS.min &&
    days <= SUPPORT_ACCESS_DAYS.max;
  return (
    <Card withBorder component="section" aria-labelledby="support-access-title">
      <Stack gap="sm">
        <Title order={3} size="h4" id="support-access-title">
          {t('support.setting.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('support.setting.intro')}
        </Text>
        {access.isPending ? (
          <Loader size="sm" aria-label={t('support.setting.loading')} />
        ) : access.error ? (
          <ErrorAlert error={access.error} />
        ) : access.data.active && access.data.until ? (
          <Group justify="space-between" wrap="wrap">
            <Switch
              checked
              readOnly
              label={t('support.setting.until', { date: formatDateTime(access.data.until) })}
            />
            <Button
              variant="light"
              color="red"
              loading={set.isPending}
              onClick={() => set.mutate(null)}
            >
              {t('support.setting.revoke')}
            </Button>
          </Group>
        ) : (
          <Group align="flex-end" wrap="wrap">
            <NumberInput
              label={t('support.setting.days.label')}
              min={SUPPORT_ACCESS_DAYS.min}
              max={SUPPORT_ACCESS_DAYS.max}
              allowDecimal={false}
              value={days}
              onChange={setDays}
              w={320}
              maw="100%"
              error={
                valid
                  ? undefined
                  : t('support.setting.days.range', {
                      min: SUPPORT_ACCESS_DAYS.min,
                      max: SUPPORT_ACCESS_DAYS.max,
                    })
              }
            />
            <Button
              disabled={!valid}
              loading={set.isPending}
              onClick={() => typeof days === 'number' && set.mutate(days)}
            >
              {t('support.setting.allow')}
            </Button>
          </Group>
        )}
        {set.error ? <ErrorAlert error={set.error} /> : null}
      </Stack>
    </Card>
  );
}
