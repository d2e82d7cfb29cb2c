import type { SupportMessage } from '@tenantry/shared';
import { Anchor, Badge, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { Markdown } from '#web/components/markdown/Markdown.tsx';
import { formatDateTime } from '#web/lib/format.ts';
import { t } from '../messages.ts';

function authorOf(m: SupportMessage, side: 'customer' | 'staff'): string {
  if (m.authorKind === 'staff') {
    return side === 'customer' ? t('message.fromSupport') : (m.author?.name ?? t('message.staff'));
  }
  return m.author?.name ?? t('message.formerMember');
}

/** A ticket's thread, oldest first. Internal notes (staff only) are marked plainly. */
export function MessageList({
  messages,
  side,
}: {
  messages: SupportMessage[];
  side: 'customer' | 'staff';
}) {
  return (
    <Stack gap="sm" component="ol" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {messages.map((m) => (
        <li
          key={m.id}
          aria-label={
            m.internal
              ? t('message.internal.label')
              : t('message.from', { author: authorOf(m, side) })
          }
        >
          <Paper
            withBorder
            p="sm"
            bg={
              m.internal
                ? 'var(--mantine-color-yellow-light)'
                : m.authorKind === 'staff'
                  ? 'var(--mantine-color-blue-light)'
                  : undefined
            }
          >
            <Group justify="space-between" gap="xs" mb={4} wrap="wrap">
              <Group gap="xs">
                <Text fw={600} size="sm">
                  {authorOf(m, side)}
                </Text>
                {m.internal ? (
                  <Badge color="yellow" leftSection={<IconLock size={12} aria-hidden />}>
                    {t('message.internal.badge')}
                  </Badge>
                ) : null}
              </Group>
              <Text size="xs" c="dimmed">
                {formatDateTime(m.createdAt)}
              </Text>
            </Group>
            <Markdown size="sm">{m.body}</Markdown>
            {m.attachments.length ? (
              <SimpleGrid cols={{ base: 2, sm: 4 }} mt="xs">
                {m.attachments.map((a, i) => (
                  <Anchor key={a.id} href={a.url} target="_blank" rel="noopener noreferrer">
                    <img
                      src={a.url}
                      alt={t('message.attachment', { number: i + 1 })}
                      loading="lazy"
                      style={{
                        display: 'block',
                        width: '100%',
                        height: 120,
                        objectFit: 'contain',
                        border: '1px solid var(--mantine-color-default-border)',
                        borderRadius: 4,
                        background: 'var(--mantine-color-body)',
                      }}
                    />
                  </Anchor>
                ))}
              </SimpleGrid>
            ) : null}
          </Paper>
        </li>
      ))}
    </Stack>
  );
}
