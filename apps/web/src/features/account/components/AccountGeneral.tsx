import { ACCOUNT_NAME_MAX, UpdateAccountSchema, type Account } from '@tenantry/shared';
import { Button, Group, Image, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconBuilding } from '@tabler/icons-react';
import { useId, useState, type FormEvent } from 'react';
import { useUpdateAccount } from '../api/update-account.ts';
import { useUploadLogo } from '../api/upload-logo.ts';
import { logoFileProblem } from '../lib/logo-file.ts';
import { ErrorAlert } from '#web/components/ErrorAlert.tsx';
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
      aria-label="Account name"
    >
      <Stack gap="sm" maw={480}>
        <TextInput
          label="Account name"
          {...form.getInputProps('name')}
          readOnly={!canEdit}
          maxLength={ACCOUNT_NAME_MAX + 20}
        />
        {canEdit ? (
          <Group gap="sm">
            <Button type="submit" loading={update.isPending}>
              Save name
            </Button>
            {saved ? (
              <Text size="sm" c="teal" role="status">
                Saved.
              </Text>
            ) : null}
          </Group>
        ) : (
          <Text size="sm" c="dimmed">
            Only owners and admins can rename the account.
          </Text>
        )}
      </Stack>
    </form>
  );
}

function LogoForm({ account, canEdit }: { account: Account; canEdit: boolean }) {
  const upload = useUploadLogo();
  const inputId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [inputKey, setInputKey] = useState(0);

  function choose(chosen: File | null) {
    const why = chosen ? logoFileProblem(chosen) : null;
    setProblem(why);
    const usable = why ? null : chosen;
    setFile(usable);
    setPreview(null);
    if (!usable) return;
    // A data: URL (not an object URL) so nothing needs revoking; the file is at most 1 MB.
    const reader = new FileReader();
    reader.onload = () => setPreview(typeof reader.result === 'string' ? reader.result : null);
    reader.readAsDataURL(usable);
  }

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (!file) return setProblem('Choose an image file first.');
    upload.mutate(file, {
      onSuccess: () => {
        setFile(null);
        setPreview(null);
        setProblem(null);
        setInputKey((k) => k + 1);
      },
      onError: (err) => setProblem(err.message),
    });
  }

  const shown = preview ?? account.logoUrl;
  return (
    <Stack gap="sm" maw={480}>
      <Paper withBorder p="sm" w={120} h={120} style={{ display: 'grid', placeItems: 'center' }}>
        {shown ? (
          <Image
            src={shown}
            alt={preview ? 'Preview of the new logo' : `Logo of ${account.name}`}
            fit="contain"
            mah={100}
            maw={100}
          />
        ) : (
          <IconBuilding size={48} aria-label="No logo yet" />
        )}
      </Paper>
      {canEdit ? (
        <form onSubmit={onSubmit} noValidate aria-label="Account logo">
          <Stack gap="sm">
            <div>
              <Text component="label" htmlFor={inputId} size="sm" fw={500} display="block">
                Logo image
              </Text>
              <Text size="xs" c="dimmed" id={`${inputId}-hint`}>
                PNG, JPEG or WebP, at most 1 MB.
              </Text>
              <input
                key={inputKey}
                id={inputId}
                type="file"
                accept="image/png,image/jpeg,image/webp"
                aria-describedby={`${inputId}-hint`}
                onChange={(e) => choose(e.currentTarget.files?.[0] ?? null)}
                style={{ marginTop: 6, maxWidth: '100%' }}
              />
            </div>
            {problem ? <ErrorAlert>{problem}</ErrorAlert> : null}
            <Group>
              <Button type="submit" loading={upload.isPending} disabled={!file}>
                Upload logo
              </Button>
            </Group>
          </Stack>
        </form>
      ) : null}
    </Stack>
  );
}

/** admin/general: the account's name and logo. */
export function AccountGeneral({ account }: { account: Account }) {
  const canEdit = account.permissions.includes('account.update');
  return (
    <Stack gap="xl">
      <Stack gap="sm" component="section" aria-labelledby="account-name-heading">
        <Title order={2} size="h3" id="account-name-heading">
          Name
        </Title>
        <NameForm account={account} canEdit={canEdit} />
      </Stack>
      <Stack gap="sm" component="section" aria-labelledby="account-logo-heading">
        <Title order={2} size="h3" id="account-logo-heading">
          Logo
        </Title>
        <LogoForm account={account} canEdit={canEdit} />
      </Stack>
    </Stack>
  );
}
