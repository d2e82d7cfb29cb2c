import { ASSESSMENT_LIMITS, LOCALE_NAMES, LOCALES, type AssessmentDetail } from '@tenantry/shared';
import {
  Alert,
  Button,
  Fieldset,
  Group,
  Modal,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { applyServerErrors } from '#web/lib/forms.ts';
import { useUpdateAssessment } from '../api/update-assessment.ts';
import {
  editFormErrors,
  editValuesOf,
  toUpdateBody,
  type EditFormValues,
} from '../lib/edit-form.ts';
import type { OwnerChoice } from './StartAssessmentModal.tsx';
import { t } from '../messages.ts';

function EditForm({
  tenantId,
  assessment,
  owners,
  onClose,
}: {
  tenantId: string;
  assessment: AssessmentDetail;
  owners: OwnerChoice[] | undefined;
  onClose: () => void;
}) {
  const update = useUpdateAssessment(tenantId, assessment.id);
  const form = useForm<EditFormValues>({
    initialValues: editValuesOf(assessment),
    validate: (v) => editFormErrors(assessment, v),
  });
  const ownerChoices = [...(owners ?? [])];
  if (assessment.owner && !ownerChoices.some((o) => o.id === assessment.owner!.id)) {
    ownerChoices.unshift(assessment.owner);
  }
  const titles = new Map(assessment.document.sections.map((s) => [s.key, s.title]));
  const fieldErrors = update.isError && Object.keys(form.errors).length > 0;

  return (
    <form
      noValidate
      aria-label={t('edit.formLabel')}
      onSubmit={form.onSubmit((v) => {
        const body = toUpdateBody(assessment, v);
        if (Object.keys(body).length === 0) {
          onClose();
          return;
        }
        update.mutate(body, {
          onSuccess: onClose,
          onError: (err) => applyServerErrors(form, err),
        });
      })}
    >
      <Stack gap="md">
        <TextInput
          label={t('edit.name.label')}
          withAsterisk
          maxLength={ASSESSMENT_LIMITS.name}
          {...form.getInputProps('name')}
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <Select
            label={t('edit.owner.label')}
            data={ownerChoices.map((o) => ({ value: o.id, label: o.name }))}
            disabled={!owners}
            placeholder={owners ? t('edit.owner.placeholder') : t('edit.owner.unlisted')}
            searchable
            allowDeselect={false}
            {...form.getInputProps('ownerId')}
            value={form.values.ownerId || null}
            onChange={(v) => form.setFieldValue('ownerId', v ?? '')}
          />
          <TextInput
            label={t('edit.dueDate.label')}
            type="date"
            {...form.getInputProps('dueDate')}
          />
        </SimpleGrid>
        <Select
          label={t('edit.language.label')}
          description={t('edit.language.hint')}
          data={[
            { value: '', label: t('edit.language.own') },
            ...LOCALES.map((l) => ({ value: l, label: LOCALE_NAMES[l] })),
          ]}
          allowDeselect={false}
          {...form.getInputProps('language')}
          onChange={(v) => form.setFieldValue('language', v ?? '')}
        />
        {Object.keys(assessment.targets).length ? (
          <Fieldset legend={t('edit.targets.legend')}>
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs">
              {Object.keys(assessment.targets).map((key) => (
                <NumberInput
                  key={key}
                  label={titles.get(key) ?? key}
                  suffix=" %"
                  min={0}
                  max={100}
                  clampBehavior="strict"
                  allowDecimal={false}
                  allowNegative={false}
                  placeholder={t('edit.targets.none')}
                  {...form.getInputProps(`targets.${key}`)}
                />
              ))}
            </SimpleGrid>
          </Fieldset>
        ) : null}
        {update.isError && !fieldErrors ? (
          <Alert color="red" variant="light" role="alert">
            {update.error.message}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={update.isPending}>
            {t('edit.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** "Edit details": name, owner, due date, language and targets (only what changed is sent). */
export function EditAssessmentModal({
  opened,
  onClose,
  ...rest
}: {
  tenantId: string;
  assessment: AssessmentDetail;
  owners: OwnerChoice[] | undefined;
  opened: boolean;
  onClose: () => void;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title={t('edit.title')} size="lg">
      {opened ? <EditForm {...rest} onClose={onClose} /> : null}
    </Modal>
  );
}
