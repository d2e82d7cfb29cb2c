import { FEEDBACK_LIMITS, FEEDBACK_RATING_LABELS, FEEDBACK_RATINGS } from '@tenantry/shared';
import {
  Button,
  Group,
  Radio,
  Stack,
  Text,
  Textarea,
  ThemeIcon,
  VisuallyHidden,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconCheck } from '@tabler/icons-react';
import { useLocation } from 'react-router';
import { ErrorAlert } from '#web/components/ErrorAlert.tsx';
import { ApiError } from '#web/lib/api.ts';
import { APP_VERSION } from '#web/lib/app-version.ts';
import { applyServerErrors } from '#web/lib/forms.ts';
import { useSendFeedback } from '../api/send-feedback.ts';
import {
  EMPTY_FEEDBACK_FORM,
  FeedbackFormSchema,
  toFeedbackInput,
  type FeedbackFormValues,
} from '../lib/feedback-form.ts';

function SendError({ error }: { error: Error }) {
  if (error instanceof ApiError && error.status === 429) {
    return (
      <ErrorAlert title="Not sent: too much feedback for now">
        You have sent a lot of feedback in the last hour. Please try again later.
      </ErrorAlert>
    );
  }
  return <ErrorAlert title="Not sent" error={error} />;
}

/**
 * The feedback form: a rating 1–5 (a radio group: arrow keys move between the ratings), an
 * optional comment; the page's path and the app version go with it. Then a thank-you.
 */
export function FeedbackForm({ onClose }: { onClose: () => void }) {
  const { pathname } = useLocation();
  const send = useSendFeedback();
  const form = useForm<FeedbackFormValues>({
    initialValues: EMPTY_FEEDBACK_FORM,
    validate: schemaResolver(FeedbackFormSchema, { sync: true }),
  });

  if (send.isSuccess) {
    return (
      <Stack gap="sm" align="flex-start" role="status">
        <Group gap="xs" wrap="nowrap">
          <ThemeIcon color="teal" variant="light" radius="xl" size="md">
            <IconCheck size={16} aria-hidden />
          </ThemeIcon>
          <Text fw={600}>Thank you for your feedback!</Text>
        </Group>
        <Text size="sm" c="dimmed">
          It helps us decide what to improve next.
        </Text>
        <Button size="xs" variant="default" onClick={onClose} data-autofocus>
          Close
        </Button>
      </Stack>
    );
  }

  // Errors the form shows beside its fields; any other refusal shows as an alert.
  const fieldErrors = Boolean(form.errors.rating ?? form.errors.comment);
  return (
    <form
      noValidate
      aria-label="Send feedback"
      onSubmit={form.onSubmit((values) =>
        send.mutate(toFeedbackInput(values, pathname, APP_VERSION), {
          onError: (err) => applyServerErrors(form, err),
        }),
      )}
    >
      <Stack gap="sm">
        <Radio.Group
          label="How is Tenantry working for you?"
          description="1 is very poor, 5 is very good."
          withAsterisk
          {...form.getInputProps('rating')}
        >
          <Group gap="md" mt={6} wrap="nowrap">
            {FEEDBACK_RATINGS.map((n) => (
              <Radio
                key={n}
                value={String(n)}
                data-autofocus={n === 1 ? true : undefined}
                label={
                  <>
                    {n}
                    <VisuallyHidden> – {FEEDBACK_RATING_LABELS[n]}</VisuallyHidden>
                  </>
                }
              />
            ))}
          </Group>
        </Radio.Group>
        <Textarea
          label="Comment (optional)"
          placeholder="What works, what gets in your way?"
          autosize
          minRows={3}
          maxRows={8}
          maxLength={FEEDBACK_LIMITS.comment}
          {...form.getInputProps('comment')}
        />
        <Text size="xs" c="dimmed">
          The address of this page and the app version are sent with it.
        </Text>
        {send.isError && !fieldErrors ? <SendError error={send.error} /> : null}
        <Group justify="flex-end" gap="xs">
          <Button variant="default" size="xs" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" size="xs" loading={send.isPending}>
            Send feedback
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
