import { ACCOUNT_NAME_MAX, UpdateAccountSchema, type Account } from '@tenantry/shared';
import { Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useState } from 'react';
import { useUpdateAccount } from '../api/update-account.ts';
import { t } from '../messages.ts';
import { AccountLogoForm } from './AccountLogoForm.tsx';
import { applyServerErrors } from '#web/lib/forms.ts';

function NameForm({ account, canEdit }: { account: Account; canEdit: boolean }) {
  const update = useUpdateAccount();
  const [saved, setSaved] = useState(false);
  const form = useForm({
    initialValues: { name: account.name },
    validate: schemaResolver(UpdateAccountSchema, { sync: true }),
    transformValues: (values) => UpdateAccountSchema.parse(values),
    onValuesChange: () => setSaved(false),
  });

  return (
    <form
      onSubmit={form.onSubmit((input) => {
        setSaved(false);
        update.mutate(input, {
          onSuccess: (a) => {
            form.setFieldValue('name', a.name);
            setSaved(true);
          },
          onError: (err) => {
            if (!applyServerErrors(form, err)) form.setFieldError('name', err.message);
          },
        });
      })}
      noValidate
      aria-label={t('general.name.form')}
    >
      <Stack gap="sm" maw={480}>
        <TextInput
          label={t('general.name.label')}
          {...form.getInputProps('name')}
          readOnly={!canEdit}
          maxLength={ACCOUNT_NAME_MAX + 20}
        />
        {canEdit ? (
          <Group gap="sm">
            <Button type="submit" loading={update.isPending}>
              {t('general.name.save')}
            </Button>
            {saved ? (
              <Text size="sm" c="teal" role="status">
                {t('general.name.saved')}
              </Text>
            ) : null}
          </Group>
        ) : (
          <Text size="sm" c="dimmed">
            {t('general.name.readOnly')}
          </Text>
        )}
      </Stack>
    </form>
  );
}

/** admin/general: the account's name and logo. */
export function AccountGeneral({ account }: { account: Account }) {
  const canEdit = account.permissions.includes('account.update');
  return (
    <Stack gap="xl">
      <Stack gap="sm" component="section" aria-labelledby="account-name-heading">
        <Title order={2} size="h3" id="account-name-heading">
          {t('general.name.title')}
        </Title>
        <NameForm account={account} canEdit={canEdit} />
      </Stack>
      <Stack gap="sm" component="section" aria-labelledby="account-logo-heading">
        <Title order={2} size="h3" id="account-logo-heading">
          {t('general.logo.title')}
        </Title>
        <AccountLogoForm account={account} canEdit={canEdit} />
      </Stack>
    </Stack>
  );
}
