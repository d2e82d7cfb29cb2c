import type { Respondent } from '@tenantry/shared';
import { Badge, Button, Stack, Text } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { ErrorAlert } from '#web/components/ErrorAlert.tsx';
import type { useRemindRespondent } from '../api/remind-respondent.ts';
import { reminderLog, reminderSummary, remindState } from '../lib/reminder-view.ts';
import { t } from '../messages.ts';

/** A respondent's reminders: the last one (the whole log as a tooltip), and a stop. */
export function RespondentReminderLog({ respondent: r }: { respondent: Respondent }) {
  return (
    <Stack gap={2} title={reminderLog(r).join('\n') || undefined}>
      <Text size="sm">{reminderSummary(r)}</Text>
      {r.remindersStoppedAt ? (
        <Badge color="gray" variant="light" size="sm" w="fit-content">
          {t('reminders.stopped')}
        </Badge>
      ) : null}
    </Stack>
  );
}

/** "Remind now": one a day, not to someone who stopped reminders or is done. */
export function RemindNowButton({
  respondent: r,
  locked,
  today,
  remind,
  onSent,
}: {
  respondent: Respondent;
  locked: boolean;
  today: string;
  remind: ReturnType<typeof useRemindRespondent>;
  onSent: (message: string | null) => void;
}) {
  const state = remindState(r, locked, today);
  return (
    <Button
      size="compact-sm"
      variant="subtle"
      leftSection={<IconBell size={14} aria-hidden />}
      disabled={!state.can || remind.isPending}
      title={state.why ?? undefined}
      onClick={() => {
        onSent(null);
        remind.mutate(
          { respondentId: r.id, idempotencyKey: crypto.randomUUID() },
          { onSuccess: () => onSent(t('reminders.sent', { name: r.name })) },
        );
      }}
      aria-label={t('reminders.remindNowLabel', { name: r.name })}
    >
      {t('reminders.remindNow')}
    </Button>
  );
}

/** What the last "Remind now" came to. */
export function RemindOutcome({
  remind,
  message,
}: {
  remind: ReturnType<typeof useRemindRespondent>;
  message: string | null;
}) {
  if (remind.isError) {
    return (
      <ErrorAlert withCloseButton onClose={() => remind.reset()}>
        {remind.error.message}
      </ErrorAlert>
    );
  }
  return message ? (
    <Text size="sm" c="teal" role="status">
      {message}
    </Text>
  ) : null;
}
