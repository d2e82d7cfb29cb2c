import {
  BRAND_LIMITS,
  UpdateBrandSchema,
  type Account,
  type Brand,
  type UpdateBrandInput,
} from '@tenantry/shared';
import {
  Alert,
  Button,
  ColorInput,
  Group,
  Loader,
  Stack,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useState } from 'react';
import { ErrorAlert } from '#web/components/ErrorAlert.tsx';
import { UpgradePrompt } from '#web/components/UpgradePrompt.tsx';
import type { PlanRefusal } from '#web/lib/billing-errors.ts';
import { applyServerErrors } from '#web/lib/forms.ts';
import { useBrand, useUpdateBrand } from '../api/brand.ts';
import { colorMessage, previewBrand, type BrandValues } from '../lib/brand-preview.ts';
import { t } from '../messages.ts';
import { BrandPreview } from './BrandPreview.tsx';

const valuesOf = (b: Brand): BrandValues => ({
  color: b.color ?? '',
  displayName: b.displayName ?? '',
  replyTo: b.replyTo ?? '',
  emailFooter: b.emailFooter ?? '',
});

const inputOf = (v: BrandValues): UpdateBrandInput => ({
  color: v.color,
  displayName: v.displayName,
  replyTo: v.replyTo,
  emailFooter: v.emailFooter,
});

function BrandForm({
  brand,
  account,
  editable,
}: {
  brand: Brand;
  account: Account;
  editable: boolean;
}) {
  const update = useUpdateBrand();
  const [saved, setSaved] = useState(false);
  const form = useForm<BrandValues>({
    initialValues: valuesOf(brand),
    validate: (values) => {
      const parsed = schemaResolver(UpdateBrandSchema, { sync: true })(inputOf(values));
      const contrast = colorMessage(values.color);
      return contrast ? { ...parsed, color: contrast } : parsed;
    },
    onValuesChange: () => setSaved(false),
  });
  const preview = previewBrand(form.values, { name: account.name, logoUrl: account.logoUrl });
  const live = colorMessage(form.values.color);

  return (
    <Stack gap="lg">
      <form
        onSubmit={form.onSubmit((values) => {
          setSaved(false);
          update.mutate(UpdateBrandSchema.parse(inputOf(values)), {
            onSuccess: (b) => {
              form.setValues(valuesOf(b));
              form.resetDirty(valuesOf(b));
              setSaved(true);
            },
            onError: (err) => {
              applyServerErrors(form, err);
            },
          });
        })}
        noValidate
        aria-label={t('brand.form')}
      >
        <Stack gap="sm" maw={480}>
          <ColorInput
            label={t('brand.color.label')}
            description={t('brand.color.description')}
            // i18n-ignore: an example colour
            placeholder="#1864ab"
            format="hex"
            withEyeDropper={false}
            disabled={!editable}
            {...form.getInputProps('color')}
            error={form.errors.color ?? live}
          />
          <TextInput
            label={t('brand.displayName.label')}
            description={t('brand.displayName.description', { name: account.name })}
            maxLength={BRAND_LIMITS.displayNameMax + 20}
            disabled={!editable}
            {...form.getInputProps('displayName')}
          />
          <TextInput
            label={t('brand.replyTo.label')}
            description={t('brand.replyTo.description')}
            type="email"
            maxLength={BRAND_LIMITS.emailMax + 20}
            disabled={!editable}
            {...form.getInputProps('replyTo')}
          />
          <Textarea
            label={t('brand.footer.label')}
            description={t('brand.footer.description', {
              max: String(BRAND_LIMITS.emailFooterMax),
            })}
            autosize
            minRows={2}
            maxLength={BRAND_LIMITS.emailFooterMax + 20}
            disabled={!editable}
            {...form.getInputProps('emailFooter')}
          />
          {editable ? (
            <Group gap="sm">
              <Button type="submit" loading={update.isPending}>
                {t('brand.save')}
              </Button>
              {saved ? (
                <Text size="sm" c="teal" role="status">
                  {t('brand.saved')}
                </Text>
              ) : null}
            </Group>
          ) : null}
          {update.error && !form.errors.color ? <ErrorAlert error={update.error} /> : null}
        </Stack>
      </form>
      <BrandPreview brand={preview} />
    </Stack>
  );
}

/**
 * admin/general, Brand: the colour, display name, Reply-To and e-mail footer the account's
 * clients see, with a live preview. On a plan without branding (`planLock`, Free) the stored
 * brand is shown read-only with the way to the plans; clients then see Tenantry's look.
 */
export function BrandSettings({
  account,
  planLock,
}: {
  account: Account;
  planLock: PlanRefusal | null;
}) {
  const brand = useBrand();
  const canEdit = account.permissions.includes('account.update');
  if (brand.isPending) return <Loader size="sm" aria-label={t('brand.loading')} />;
  if (brand.isError) return <ErrorAlert error={brand.error} />;
  const locked = planLock !== null || !brand.data.applied;
  return (
    <Stack gap="sm">
      {planLock ? <UpgradePrompt refusal={planLock} /> : null}
      {!planLock && !brand.data.applied ? (
        <Alert color="indigo" variant="light" title={t('brand.notInPlan.title')}>
          {t('brand.notInPlan.body')}
        </Alert>
      ) : null}
      {!canEdit ? (
        <Text size="sm" c="dimmed">
          {t('brand.readOnly')}
        </Text>
      ) : null}
      <BrandForm brand={brand.data} account={account} editable={canEdit && !locked} />
    </Stack>
  );
}
