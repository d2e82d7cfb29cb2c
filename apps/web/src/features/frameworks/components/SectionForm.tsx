import { FRAMEWORK_LIMITS, type Section } from '@tenantry/shared';
import {
  Alert,
  Button,
  SimpleGrid,
  NumberInput,
  Stack,
  TagsInput,
  Text,
  TextInput,
} from '@mantine/core';
import { MarkdownEditor } from '#web/components/markdown/MarkdownEditor.tsx';
import type { InsertImage } from '#web/components/markdown/insert-image.ts';
import { normaliseTags } from '#web/lib/content/content-fields.ts';
import { errorAt } from '../lib/document-problems.ts';
import { fieldProps, setField, type FrameworkForm } from '../lib/editor-form.ts';
import { PercentInput } from './PercentInput.tsx';
import { t } from '../messages.ts';

const MONO = { input: { fontFamily: 'var(--mantine-font-family-monospace)' } };

/** The fields every section and question has: key, title, weight, tags. */
export function NodeBasics({
  form,
  nodeRef,
  kind,
}: {
  form: FrameworkForm;
  nodeRef: string;
  kind: 'section' | 'question';
}) {
  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextInput
          label={t('node.key')}
          description={t('node.key.description')}
          required
          maxLength={FRAMEWORK_LIMITS.key}
          styles={MONO}
          {...fieldProps(form, `${nodeRef}.key`)}
        />
        <NumberInput
          label={t('node.weight')}
          description={kind === 'section' ? t('node.weight.section') : t('node.weight.question')}
          min={0}
          max={FRAMEWORK_LIMITS.weightMax}
          step={1}
          decimalScale={3}
          {...fieldProps(form, `${nodeRef}.weight`)}
        />
      </SimpleGrid>
      <TextInput
        label={t('node.title')}
        required
        maxLength={FRAMEWORK_LIMITS.title}
        {...fieldProps(form, `${nodeRef}.title`)}
      />
      <TagsInput
        label={t('node.tags')}
        description={t('node.tags.description', { max: FRAMEWORK_LIMITS.tags })}
        maxTags={FRAMEWORK_LIMITS.tags}
        clearable
        {...fieldProps(form, `${nodeRef}.tags`)}
        onChange={(tags) => setField(form, `${nodeRef}.tags`, normaliseTags(tags))}
        error={errorAt(form.errors, `${nodeRef}.tags`)}
      />
    </>
  );
}

/** Description and guidance (markdown) of a section or question. */
export function NodeTexts({
  form,
  nodeRef,
  onInsertImage,
}: {
  form: FrameworkForm;
  nodeRef: string;
  onInsertImage?: InsertImage;
}) {
  const description = fieldProps(form, `${nodeRef}.description`);
  const guidance = fieldProps(form, `${nodeRef}.guidance`);
  return (
    <>
      <MarkdownEditor
        label={t('node.description')}
        description={t('node.description.description')}
        value={String(description.value ?? '')}
        onChange={(v) => setField(form, `${nodeRef}.description`, v)}
        error={description.error as string | undefined}
        minHeight={180}
        onInsertImage={onInsertImage}
      />
      <MarkdownEditor
        label={t('node.guidance')}
        description={t('node.guidance.description')}
        value={String(guidance.value ?? '')}
        onChange={(v) => setField(form, `${nodeRef}.guidance`, v)}
        error={guidance.error as string | undefined}
        minHeight={200}
        onInsertImage={onInsertImage}
      />
    </>
  );
}

interface SectionFormProps {
  form: FrameworkForm;
  nodeRef: string;
  section: Section;
  /** 1 for a top-level section: only those have a target. */
  depth: number;
  onInsertImage?: InsertImage;
}

/** A section's fields: key, title, weight, tags, target (top level), description, guidance. */
export function SectionForm({ form, nodeRef, section, depth, onInsertImage }: SectionFormProps) {
  const targetError = errorAt(form.errors, `${nodeRef}.target`);
  return (
    <Stack gap="sm">
      <NodeBasics form={form} nodeRef={nodeRef} kind="section" />
      {depth === 1 ? (
        <PercentInput
          label={t('section.target')}
          description={t('section.target.description')}
          placeholder={t('section.target.placeholder')}
          value={section.target}
          onChange={(v) => setField(form, `${nodeRef}.target`, v === '' ? null : v)}
          error={targetError}
          maw={260}
        />
      ) : section.target != null ? (
        <Alert color="red" variant="light" title={t('section.target.nested')}>
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{t('section.target.nested.body')}</Text>
            <Button
              size="xs"
              variant="light"
              onClick={() => setField(form, `${nodeRef}.target`, null)}
            >
              {t('section.target.remove')}
            </Button>
          </Stack>
        </Alert>
      ) : null}
      <NodeTexts form={form} nodeRef={nodeRef} onInsertImage={onInsertImage} />
    </Stack>
  );
}
