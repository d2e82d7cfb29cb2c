import { Anchor, Button, Card, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconChecklist, IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { t } from '../messages.ts';
import { rich } from '#web/i18n/rich.tsx';

/** No task on the tenant yet: where tasks come from, and how to write one by hand. */
export function RemediationEmptyState({
  assessmentsHref,
  onCreate,
}: {
  assessmentsHref: string;
  /** "New task" for who may create tasks; null: not offered. */
  onCreate: (() => void) | null;
}) {
  return (
    <Card withBorder padding="xl" radius="md" component="section" aria-labelledby="tasks-empty">
      <Stack align="center" gap="sm" ta="center">
        <ThemeIcon variant="light" size={56} radius="xl" aria-hidden>
          <IconChecklist size={30} />
        </ThemeIcon>
        <Title order={2} size="h3" id="tasks-empty">
          {t('empty.title')}
        </Title>
        <Text c="dimmed" maw={520}>
          {rich(
            t,
            onCreate ? 'empty.bodyManaged' : 'empty.body',
            {},
            { action: <strong>{t('empty.action')}</strong> },
          )}
        </Text>
        {onCreate ? (
          <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={onCreate}>
            {t('empty.new')}
          </Button>
        ) : (
          <Text size="sm" c="dimmed">
            {t('empty.managed')}
          </Text>
        )}
        <Anchor component={Link} to={assessmentsHref} size="sm">
          {t('empty.assessments')}
        </Anchor>
      </Stack>
    </Card>
  );
}
