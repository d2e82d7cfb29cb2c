import type { FeedbackItem } from '@tenantry/shared';
import { Modal, Stack } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import type { ReactNode } from 'react';
import { ErrorAlert } from '#web/components/ErrorAlert.tsx';
import { FormActions } from '#web/components/FormActions.tsx';
import { applyServerErrors } from '#web/lib/forms.ts';

/** The dialog of a "Turn into…" action on one feedback item; its form mounts while it is open. */
export function TurnIntoModal({
  title,
  item,
  onClose,
  children,
}: {
  title: string;
  item: FeedbackItem | null;
  onClose: () => void;
  children: (item: FeedbackItem) => ReactNode;
}) {
  return (
    <Modal opened={item !== null} onClose={onClose} title={title} centered>
      {item ? children(item) : null}
    </Modal>
  );
}

/**
 * The form of a "Turn into…" action: the fields the caller gives, the error of a failed try
 * (unless the fields already show it) and Cancel / the action. On success it says what was done
 * and closes; a 400's field errors come back beside their inputs.
 */
export function TurnIntoForm<Values>({
  title,
  form,
  mutation,
  fieldErrors,
  errorTitle,
  submitLabel,
  doneMessage,
  submit,
  onClose,
  children,
}: {
  /** The form's accessible name (the dialog's title). */
  title: string;
  form: UseFormReturnType<Values>;
  mutation: { isPending: boolean; error: Error | null };
  /** Whether an input already shows what went wrong. */
  fieldErrors: boolean;
  errorTitle: string;
  submitLabel: string;
  doneMessage: string;
  submit: (
    values: Values,
    callbacks: { onSuccess: () => void; onError: (err: unknown) => void },
  ) => void;
  onClose: () => void;
  children: ReactNode;
}) {
  return (
    <form
      noValidate
      aria-label={title}
      onSubmit={form.onSubmit((values) =>
        submit(values, {
          onSuccess: () => {
            notifications.show({ color: 'teal', message: doneMessage });
            onClose();
          },
          onError: (err) => applyServerErrors(form, err),
        }),
      )}
    >
      <Stack gap="sm">
        {children}
        {mutation.error && !fieldErrors ? (
          <ErrorAlert title={errorTitle} error={mutation.error} />
        ) : null}
        <FormActions submitLabel={submitLabel} pending={mutation.isPending} onCancel={onClose} />
      </Stack>
    </form>
  );
}
