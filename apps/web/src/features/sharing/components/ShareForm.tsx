import { ShareCreateSchema, type ShareRole } from '@tenantry/shared';
import { Alert, Button, Group, Select, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useState } from 'react';
import { ErrorAlert } from '#web/components/ErrorAlert.tsx';
import { applyServerErrors } from '#web/lib/forms.ts';
import { useCreateShare } from '../api/create-share.ts';
import { fieldErrors, sharingErrorMessage } from '../lib/sharing-messages.ts';
import { t } from '../messages.ts';
import { shareRoleOptions } from './ShareRoleSelect.tsx';

/** "Share" form: an e-mail address and a role; the invitee gets a sign-in link by e-mail. */
export function ShareForm({ tenantId }: { tenantId: string }) {
  const create = useCreateShare(tenantId);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useForm({
    initialValues: { email: '', role: 'viewer' as ShareRole },
    validate: schemaResolver(ShareCreateSchema, { sync: true }),
    transformValues: (values) => ShareCreateSchema.parse(values),
  });

  const fields = fieldErrors(create.error);
  return (
    <form
      onSubmit={form.onSubmit(
        (input) => {
          setSentTo(null);
          create.mutate(input, {
            onSuccess: (share) => {
              setSentTo(share.email);
              form.setFieldValue('email', '');
            },
            onError: (err) => applyServerErrors(form, err),
          });
        },
        () => setSentTo(null),
      )}
      noValidate
      aria-label={t('form.label')}
    >
      <Group align="flex-start" gap="sm" wrap="wrap">
        <TextInput
          label={t('form.email.label')}
          type="email"
          autoComplete="off"
          placeholder={t('form.email.placeholder')}
          {...form.getInputProps('email')}
          flex="1 1 16rem"
        />
        <Select
          label={t('form.role.label')}
          data={shareRoleOptions()}
          allowDeselect={false}
          {...form.getInputProps('role')}
          w={170}
        />
        <Button type="submit" loading={create.isPending} mt={25}>
          {t('form.submit')}
        </Button>
      </Group>
      {create.isError && !fields.email && !fields.role ? (
        <ErrorAlert error={create.error} mt="sm">
          {sharingErrorMessage(create.error)}
        </ErrorAlert>
      ) : null}
      {sentTo ? (
        <Alert color="teal" variant="light" role="status" mt="sm">
          {t('form.sent', { email: sentTo })}
        </Alert>
      ) : null}
    </form>
  );
}
