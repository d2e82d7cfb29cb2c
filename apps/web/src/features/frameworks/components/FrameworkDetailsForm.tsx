import { FRAMEWORK_LIMITS } from '@tenantry/shared';
import {
  Code,
  Fieldset,
  SimpleGrid,
  Stack,
  TagsInput,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { MarkdownEditor } from '#web/components/markdown/MarkdownEditor.tsx';
import type { InsertImage } from '#web/components/markdown/insert-image.ts';
import { normaliseTags } from '#web/lib/content/content-fields.ts';
import { errorAt } from '../lib/document-problems.ts';
import { fieldProps, setField, type FrameworkForm } from '../lib/editor-form.ts';
import { t } from '../messages.ts';

/** The framework's own fields: name, summary, description, tags and where it comes from. */
export function FrameworkDetailsForm({
  form,
  onInsertImage,
}: {
  form: FrameworkForm;
  onInsertImage?: InsertImage;
}) {
  const description = fieldProps(form, 'description');
  return (
    <Stack gap="sm">
      <Text size="sm">
        {t('details.key')} <Code>{form.values.key}</Code>{' '}
        <Text span c="dimmed" size="sm">
          {t('details.key.fixed')}
        </Text>
      </Text>
      {form.errors.key ? (
        <Text size="sm" c="red" role="alert">
          {t('details.key.error', { error: String(form.errors.key) })}
        </Text>
      ) : null}
      {form.errors.format ? (
        <Text size="sm" c="red" role="alert">
          {form.errors.format}
        </Text>
      ) : null}
      <TextInput
        label={t('details.name')}
        required
        maxLength={FRAMEWORK_LIMITS.name}
        {...fieldProps(form, 'name')}
      />
      <Textarea
        label={t('details.summary')}
        description={t('details.summary.description')}
        autosize
        minRows={2}
        maxRows={5}
        maxLength={FRAMEWORK_LIMITS.summary}
        {...fieldProps(form, 'summary')}
      />
      <TagsInput
        label={t('details.tags')}
        description={t('details.tags.description', { max: FRAMEWORK_LIMITS.tags })}
        maxTags={FRAMEWORK_LIMITS.tags}
        clearable
        {...fieldProps(form, 'tags')}
        onChange={(tags) => setField(form, 'tags', normaliseTags(tags))}
        error={errorAt(form.errors, 'tags')}
      />
      <MarkdownEditor
        label={t('details.description')}
        description={t('details.description.description')}
        value={String(description.value ?? '')}
        onChange={(v) => setField(form, 'description', v)}
        error={description.error as string | undefined}
        minHeight={220}
        onInsertImage={onInsertImage}
      />
      <Fieldset legend={t('details.source')} variant="filled">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput
            label={t('details.source.publisher')}
            miw={180}
            maxLength={200}
            {...fieldProps(form, 'source.publisher')}
          />
          <TextInput
            label={t('details.source.license')}
            miw={180}
            maxLength={200}
            {...fieldProps(form, 'source.license')}
          />
        </SimpleGrid>
        <TextInput
          mt="sm"
          label="URL"
          type="url"
          // i18n-ignore: the start of an address, the same in every language
          placeholder="https://"
          maxLength={500}
          {...fieldProps(form, 'source.url')}
        />
      </Fieldset>
    </Stack>
  );
}
