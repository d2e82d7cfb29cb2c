import type { Question } from '@tenantry/shared';
import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconArrowsExchange, IconCheck, IconHistory } from '@tabler/icons-react';
import { useId } from 'react';
import { formatDate, formatDateTime } from '#web/lib/format.ts';
import { carriedText, type CarriedView } from '../lib/carried.ts';
import { t } from '../messages.ts';
import { rich } from '#web/i18n/rich.tsx';

/** "(Olivia Owner, 1 Mar 2026)": who gave last period's answer, and when. */
function Given({ view }: { view: CarriedView }) {
  const { carried } = view;
  return (
    <Text component="span" size="sm" c="dimmed">
      ({carried.answeredBy},{' '}
      <time dateTime={carried.answeredAt} title={formatDateTime(carried.answeredAt)}>
        {formatDate(carried.answeredAt)}
      </time>
      )
    </Text>
  );
}

/**
 * Last period's answer at a question (docs/assessments.md, "Confirming last period's answers"):
 * to confirm, with "Still true" (given again as this period's answer) and "Changed" (opens
 * the answer's controls); once answered, a small marker says whether it was confirmed
 * unchanged or changed.
 */
export function CarriedAnswer({
  question,
  view,
  canAnswer,
  changing,
  busy,
  onStillTrue,
  onChanged,
}: {
  question: Question;
  view: CarriedView;
  /** Whether this person may answer now (else the box only says what it was). */
  canAnswer: boolean;
  /** "Changed" was chosen: the controls are open, the buttons go. */
  changing: boolean;
  busy: boolean;
  onStillTrue: () => void;
  onChanged: () => void;
}) {
  const labelId = useId();
  const { carried, state } = view;
  const text = carriedText(question, carried);
  if (state === 'confirmed') {
    return (
      <Group gap={6} wrap="wrap">
        <Badge
          color="teal"
          variant="light"
          size="sm"
          tt="none"
          leftSection={<IconCheck size={12} aria-hidden />}
        >
          {t('carried.confirmed')}
        </Badge>
        <Text size="xs" c="dimmed">
          {rich(t, 'carried.same', {}, { given: <Given view={view} /> })}
        </Text>
      </Group>
    );
  }
  if (state === 'changed') {
    return (
      <Group gap={6} wrap="wrap">
        <Badge
          color="orange"
          variant="light"
          size="sm"
          tt="none"
          leftSection={<IconArrowsExchange size={12} aria-hidden />}
        >
          {t('carried.changed')}
        </Badge>
        <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {rich(t, 'carried.lastPeriod', { text }, { given: <Given view={view} /> })}
        </Text>
      </Group>
    );
  }
  return (
    <Paper
      withBorder
      p="sm"
      radius="md"
      bg="var(--mantine-color-blue-light)"
      role="group"
      aria-labelledby={labelId}
    >
      <Stack gap={6}>
        <Group gap={6} wrap="nowrap" align="flex-start">
          <IconHistory size={16} aria-hidden style={{ flexShrink: 0, marginTop: 3 }} />
          <Text size="sm" id={labelId} style={{ overflowWrap: 'anywhere' }}>
            {rich(
              t,
              'carried.toConfirm',
              { text },
              {
                label: (
                  <Text component="span" fw={600} size="sm">
                    {t('carried.toConfirm.label')}
                  </Text>
                ),
                given: <Given view={view} />,
              },
            )}
          </Text>
        </Group>
        {carried.note ? (
          <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
            {t('carried.note', { note: carried.note })}
          </Text>
        ) : null}
        {canAnswer && !changing ? (
          <Group gap="xs">
            <Button
              size="xs"
              leftSection={<IconCheck size={14} aria-hidden />}
              onClick={onStillTrue}
              loading={busy}
              aria-describedby={labelId}
            >
              {t('carried.stillTrue')}
            </Button>
            <Button size="xs" variant="default" onClick={onChanged} aria-describedby={labelId}>
              {t('carried.change')}
            </Button>
          </Group>
        ) : null}
      </Stack>
    </Paper>
  );
}
