import { SUPPORT_LIMITS } from '@tenantry/shared';
import { ActionIcon, Button, Group, Paper, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { ErrorAlert } from '#web/components/ErrorAlert.tsx';
import { useCannedReplies } from '../api/list-canned.ts';
import { useDeleteCanned } from '../api/delete-canned.ts';
import { useCreateCanned } from '../api/save-canned.ts';
import { t } from '../messages.ts';

/** The canned replies staff insert into answers: the list, add and delete. */
export function CannedReplies() {
  const list = useCannedReplies();
  const create = useCreateCanned();
  const remove = useDeleteCanned();
  const [title, setTitle] = useState('');
  const [body, setBody] = useState('');

  const add = () =>
    create.mutate(
      { title, body },
      {
        onSuccess: () => {
          setTitle('');
          setBody('');
        },
      },
    );

  return (
    <Stack gap="sm">
      {list.isError ? <ErrorAlert error={list.error} /> : null}
      {list.data?.items.length === 0 ? <Text c="dimmed">{t('canned.empty')}</Text> : null}
      {list.data?.items.map((c) => (
        <Paper key={c.id} withBorder p="xs">
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <div style={{ minWidth: 0 }}>
              <Text fw={600} size="sm">
                {c.title}
              </Text>
              <Text size="xs" c="dimmed" lineClamp={2}>
                {c.body}
              </Text>
            </div>
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={t('canned.delete', { title: c.title })}
              onClick={() => remove.mutate(c.id)}
            >
              <IconTrash size={16} aria-hidden />
            </ActionIcon>
          </Group>
        </Paper>
      ))}
      <TextInput
        label={t('canned.title.label')}
        maxLength={SUPPORT_LIMITS.cannedTitle}
        value={title}
        onChange={(e) => setTitle(e.currentTarget.value)}
      />
      <Textarea
        label={t('canned.body.label')}
        autosize
        minRows={3}
        value={body}
        onChange={(e) => setBody(e.currentTarget.value)}
      />
      {create.isError ? <ErrorAlert error={create.error} /> : null}
      <Group justify="flex-end">
        <Button onClick={add} loading={create.isPending} disabled={!title.trim() || !body.trim()}>
          {t('canned.add')}
        </Button>
      </Group>
    </Stack>
  );
}
