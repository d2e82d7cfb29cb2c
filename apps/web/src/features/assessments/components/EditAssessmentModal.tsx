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
      aria-label="Assessment details"
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
          label="Name"
          withAsterisk
          maxLength={ASSESSMENT_LIMITS.name}
          {...form.getInputProps('name')}
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <Select
            label="Owner"
            data={ownerChoices.map((o) => ({ value: o.id, label: o.name }))}
            disabled={!owners}
            placeholder={owners ? 'Choose a member' : 'Members could not be listed'}
            searchable
            allowDeselect={false}
            {...form.getInputProps('ownerId')}
            value={form.values.ownerId || null}
            onChange={(v) => form.setFieldValue('ownerId', v ?? '')}
          />
          <TextInput label="Due date" type="date" {...form.getInputProps('dueDate')} />
        </SimpleGrid>
        <Select
          label="Language for respondents"
          description="The respondent page and the e-mails respondents get. Each person can still switch on the page."
          data={[
            { value: '', label: 'Each respondent’s own (their browser’s)' },
            ...LOCALES.map((l) => ({ value: l, label: LOCALE_NAMES[l] })),
          ]}
          allowDeselect={false}
          {...form.getInputProps('language')}
          onChange={(v) => form.setFieldValue('language', v ?? '')}
        />
        {Object.keys(assessment.targets).length ? (
          <Fieldset legend="Targets">
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
                  placeholder="No target"
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
            Cancel
          </Button>
          <Button type="submit" loading={update.isPending}>
            Save details
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
    <Modal opened={opened} onClose={onClose} title="Edit assessment details" size="lg">
      {opened ? <EditForm {...rest} onClose={onClose} /> : null}
    </Modal>
  );
}
