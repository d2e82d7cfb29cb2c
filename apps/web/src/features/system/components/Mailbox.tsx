import { Accordion, Alert, Badge, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { LinkifiedText } from '#web/components/LinkifiedText.tsx';
import { formatDateTime } from '#web/lib/format.ts';
import { useMailbox } from '../api/list-mail.ts';
import { t } from '../messages.ts';
import { rich } from '#web/i18n/rich.tsx';

/** The development mailbox: newest first, each message expandable to its text body. */
export function Mailbox() {
  const mailbox = useMailbox(true);
  return (
    <Stack gap="sm" component="section" aria-labelledby="mailbox-heading">
      <Group gap="xs">
        <Title order={2} size="h3" id="mailbox-heading">
          {t('mailbox.title')}
        </Title>
        {mailbox.data ? <Badge variant="light">{mailbox.data.messages.length}</Badge> : null}
      </Group>
      <Text size="sm" c="dimmed">
        {t('mailbox.intro')}
      </Text>
      {mailbox.isPending ? <Loader size="sm" aria-label={t('mailbox.loading')} /> : null}
      {mailbox.isError ? (
        <Alert color="red" variant="light" role="alert">
          {t('mailbox.loadFailed', { message: mailbox.error.message })}
        </Alert>
      ) : null}
      {mailbox.data && mailbox.data.messages.length === 0 ? (
        <Text size="sm">{t('mailbox.empty')}</Text>
      ) : null}
      {mailbox.data && mailbox.data.messages.length > 0 ? (
        <Accordion variant="separated" multiple>
          {[...mailbox.data.messages]
            .sort((a, b) => b.createdAt.localeCompare(a.createdAt))
            .map((m) => (
              <Accordion.Item key={m.id} value={m.id}>
                <Accordion.Control>
                  <Stack gap={0}>
                    <Text fw={600} size="sm">
                      {m.subject}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {rich(
                        t,
                        'mailbox.message.to',
                        { to: m.to },
                        {
                          date: <time dateTime={m.createdAt}>{formatDateTime(m.createdAt)}</time>,
                        },
                      )}
                    </Text>
                  </Stack>
                </Accordion.Control>
                <Accordion.Panel>
                  <Text size="xs" c="dimmed" mb="xs">
                    {t('mailbox.message.from', { from: m.from })}
                  </Text>
                  <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                    <LinkifiedText text={m.text} />
                  </Text>
                </Accordion.Panel>
              </Accordion.Item>
            ))}
        </Accordion>
      ) : null}
    </Stack>
  );
}
