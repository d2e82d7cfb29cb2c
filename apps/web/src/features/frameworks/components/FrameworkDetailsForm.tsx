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
        Key <Code>{form.values.key}</Code>{' '}
        <Text span c="dimmed" size="sm">
          (fixed when the framework was created)
        </Text>
      </Text>
      {form.errors.key ? (
        <Text size="sm" c="red" role="alert">
          Key: {form.errors.key}
        </Text>
      ) : null}
      {form.errors.format ? (
        <Text size="sm" c="red" role="alert">
          {form.errors.format}
        </Text>
      ) : null}
      <TextInput
        label="Name"
        required
        maxLength={FRAMEWORK_LIMITS.name}
        {...fieldProps(form, 'name')}
      />
      <Textarea
        label="Summary"
        description="One or two sentences shown in lists and in Explore."
        autosize
        minRows={2}
        maxRows={5}
        maxLength={FRAMEWORK_LIMITS.summary}
        {...fieldProps(form, 'summary')}
      />
      <TagsInput
        label="Tags"
        description={`Up to ${FRAMEWORK_LIMITS.tags}; press Enter after each.`}
        maxTags={FRAMEWORK_LIMITS.tags}
        clearable
        {...fieldProps(form, 'tags')}
        onChange={(tags) => setField(form, 'tags', normaliseTags(tags))}
        error={errorAt(form.errors, 'tags')}
      />
      <MarkdownEditor
        label="Description"
        description="What the framework is for and how to use it."
        value={String(description.value ?? '')}
        onChange={(v) => setField(form, 'description', v)}
        error={description.error as string | undefined}
        minHeight={220}
        onInsertImage={onInsertImage}
      />
      <Fieldset legend="Source" variant="filled">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput
            label="Publisher"
            miw={180}
            maxLength={200}
            {...fieldProps(form, 'source.publisher')}
          />
          <TextInput
            label="Licence"
            miw={180}
            maxLength={200}
            {...fieldProps(form, 'source.license')}
          />
        </SimpleGrid>
        <TextInput
          mt="sm"
          label="URL"
          type="url"
          placeholder="https://"
          maxLength={500}
          {...fieldProps(form, 'source.url')}
        />
      </Fieldset>
    </Stack>
  );
}
