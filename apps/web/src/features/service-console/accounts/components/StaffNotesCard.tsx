import { SERVICE_ACCOUNT_LIMITS, type ServiceAccountDetail } from '@tenantry/shared';
import { Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { formatDateTime } from '#web/lib/format.ts';
import { useAddStaffNote, useDeleteStaffNote } from '../api/accounts-api.ts';
import { rich } from '#web/i18n/rich.tsx';
import { t } from '../../messages.ts';
import { Section, fail } from './AccountSection.tsx';

/** The staff's internal notes on the account: add one, delete one's own. */
export function StaffNotesCard({ d }: { d: ServiceAccountDetail }) {
  const add = useAddStaffNote(d.id);
  const del = useDeleteStaffNote(d.id);
  const [body, setBody] = useState('');
  const trimmed = body.trim();
  return (
    <Section id="account-notes" title={t('account.notes.title')}>
      <Text size="xs" c="dimmed">
        {t('account.notes.intro')}
      </Text>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (!trimmed) return;
          add.mutate(trimmed, { onSuccess: () => setBody('') });
        }}
      >
        <Stack gap="xs">
          <Textarea
            label={t('account.notes.new')}
            autosize
            minRows={2}
            maxLength={SERVICE_ACCOUNT_LIMITS.note}
            value={body}
            onChange={(e) => setBody(e.currentTarget.value)}
            error={add.error?.message}
          />
          <Group justify="flex-end">
            <Button type="submit" size="xs" disabled={!trimmed} loading={add.isPending}>
              {t('account.notes.add')}
            </Button>
          </Group>
        </Stack>
      </form>
      {d.notes.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('account.notes.none')}
        </Text>
      ) : (
        <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {d.notes.map((n) => (
            <li key={n.id}>
              <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
                <Stack gap={0} miw={0}>
                  <Text size="xs" c="dimmed">
                    {rich(
                      t,
                      'account.notes.byline',
                      { author: n.author?.email ?? t('account.notes.formerAdmin') },
                      { date: <time dateTime={n.createdAt}>{formatDateTime(n.createdAt)}</time> },
                    )}
                  </Text>
                  <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                    {n.body}
                  </Text>
                </Stack>
                {n.mine ? (
                  <Button
                    size="compact-xs"
                    variant="subtle"
                    color="red"
                    leftSection={<IconTrash size={12} aria-hidden />}
                    loading={del.isPending && del.variables === n.id}
                    onClick={() => del.mutate(n.id, { onError: fail })}
                  >
                    {t('account.notes.delete')}
                  </Button>
                ) : null}
              </Group>
            </li>
          ))}
        </Stack>
      )}
    </Section>
  );
}
