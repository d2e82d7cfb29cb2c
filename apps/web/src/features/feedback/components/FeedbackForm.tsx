import { FEEDBACK_LIMITS, FEEDBACK_RATINGS } from '@tenantry/shared';
import { feedbackRatingLabel } from '#web/lib/labels.ts';
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
import { t } from '../messages.ts';

function SendError({ error }: { error: Error }) {
  if (error instanceof ApiError && error.status === 429) {
    return <ErrorAlert title={t('form.tooMany.title')}>{t('form.tooMany.body')}</ErrorAlert>;
  }
  return <ErrorAlert title={t('form.notSent')} error={error} />;
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
          <Text fw={600}>{t('form.thanks.title')}</Text>
        </Group>
        <Text size="sm" c="dimmed">
          {t('form.thanks.body')}
        </Text>
        <Button size="xs" variant="default" onClick={onClose} data-autofocus>
          {t('form.thanks.close')}
        </Button>
      </Stack>
    );
  }

  // Errors the form shows beside its fields; any other refusal shows as an alert.
  const fieldErrors = Boolean(form.errors.rating ?? form.errors.comment);
  return (
    <form
      noValidate
      aria-label={t('form.label')}
      onSubmit={form.onSubmit((values) =>
        send.mutate(toFeedbackInput(values, pathname, APP_VERSION), {
          onError: (err) => applyServerErrors(form, err),
        }),
      )}
    >
      <Stack gap="sm">
        <Radio.Group
          label={t('form.rating.label')}
          description={t('form.rating.hint')}
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
                    <VisuallyHidden> – {feedbackRatingLabel(n)}</VisuallyHidden>
                  </>
                }
              />
            ))}
          </Group>
        </Radio.Group>
        <Textarea
          label={t('form.comment.label')}
          placeholder={t('form.comment.placeholder')}
          autosize
          minRows={3}
          maxRows={8}
          maxLength={FEEDBACK_LIMITS.comment}
          {...form.getInputProps('comment')}
        />
        <Text size="xs" c="dimmed">
          {t('form.sentWith')}
        </Text>
        {send.isError && !fieldErrors ? <SendError error={send.error} /> : null}
        <Group justify="flex-end" gap="xs">
          <Button variant="default" size="xs" onClick={onClose}>
            {t('form.cancel')}
          </Button>
          <Button type="submit" size="xs" loading={send.isPending}>
            {t('form.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
