import {
  QUESTION_TYPES,
  type ContentScope,
  type Question,
  type QuestionType,
  type UsedKey,
} from '@tenantry/shared';
import { questionTypeLabel } from '#web/lib/labels.ts';
import { Alert, Checkbox, Select, Stack, Switch, Text } from '@mantine/core';
import type { InsertImage } from '#web/components/markdown/insert-image.ts';
import { errorAt } from '../lib/document-problems.ts';
import { fieldProps, setField, setList, type FrameworkForm } from '../lib/editor-form.ts';
import { changeQuestionType, questionTypeHint } from '../lib/question-types.ts';
import { PlaybookLinks } from './PlaybookLinks.tsx';
import { QuestionPreview } from './QuestionPreview.tsx';
import { QuestionTypeSettings } from './QuestionTypeSettings.tsx';
import { NodeBasics, NodeTexts } from './SectionForm.tsx';
import { t } from '../messages.ts';

interface QuestionFormProps {
  form: FrameworkForm;
  nodeRef: string;
  question: Question;
  scope: ContentScope;
  onInsertImage?: InsertImage;
  /** A published version's question under this key, when this question is new to the draft. */
  reusedKey?: UsedKey | undefined;
  /** The author said it is that same question. */
  sameQuestion?: boolean;
  onSameQuestionChange?: (same: boolean) => void;
}

/**
 * A question's fields: key, title, type and its settings, weight, tags, N/A, playbooks,
 * description and guidance; beside them a live preview of what a respondent sees, with the score.
 */
export function QuestionForm({
  form,
  nodeRef,
  question,
  scope,
  onInsertImage,
  reusedKey,
  sameQuestion = false,
  onSameQuestionChange,
}: QuestionFormProps) {
  const naAllowed = fieldProps(form, `${nodeRef}.naAllowed`);
  return (
    <Stack gap="sm">
      <NodeBasics form={form} nodeRef={nodeRef} kind="question" />
      {reusedKey ? (
        <Alert
          color={sameQuestion ? 'blue' : 'orange'}
          variant="light"
          title={t('question.reused.title', { key: reusedKey.key, version: reusedKey.version })}
        >
          <Stack gap="xs">
            <Text size="sm">{t('question.reused.body', { title: reusedKey.title })}</Text>
            <Checkbox
              label={t('question.reused.same', {
                title: reusedKey.title,
                version: reusedKey.version,
              })}
              checked={sameQuestion}
              onChange={(e) => onSameQuestionChange?.(e.currentTarget.checked)}
            />
          </Stack>
        </Alert>
      ) : null}
      <Select
        label={t('question.type')}
        description={questionTypeHint(question.type)}
        data={QUESTION_TYPES.map((type) => ({ value: type, label: questionTypeLabel(type) }))}
        value={question.type}
        allowDeselect={false}
        onChange={(type) => {
          if (type) setList(form, nodeRef, changeQuestionType(question, type as QuestionType));
        }}
        error={form.errors[`${nodeRef}.type`]}
        maw={320}
      />
      <QuestionTypeSettings form={form} nodeRef={nodeRef} question={question} />
      <Switch
        label={t('question.naAllowed')}
        description={t('question.naAllowed.description')}
        checked={Boolean(naAllowed.value)}
        onChange={(e) => setField(form, `${nodeRef}.naAllowed`, e.currentTarget.checked)}
        error={naAllowed.error}
      />
      <PlaybookLinks
        scope={scope}
        value={Array.isArray(question.playbooks) ? question.playbooks : []}
        onChange={(keys) => setField(form, `${nodeRef}.playbooks`, keys)}
        error={errorAt(form.errors, `${nodeRef}.playbooks`)}
      />
      <QuestionPreview key={`${nodeRef}:${question.type}`} question={question} />
      <NodeTexts form={form} nodeRef={nodeRef} onInsertImage={onInsertImage} />
      <Text size="xs" c="dimmed">
        {t('question.footnote')}
      </Text>
    </Stack>
  );
}
