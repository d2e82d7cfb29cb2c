import {
  QUESTION_TYPE_LABELS,
  QUESTION_TYPES,
  type ContentScope,
  type Question,
  type QuestionType,
  type UsedKey,
} from '@tenantry/shared';
import { Alert, Checkbox, Select, Stack, Switch, Text } from '@mantine/core';
import type { InsertImage } from '#web/components/markdown/insert-image.ts';
import { errorAt } from '../lib/document-problems.ts';
import { fieldProps, setField, setList, type FrameworkForm } from '../lib/editor-form.ts';
import { changeQuestionType, QUESTION_TYPE_HINTS } from '../lib/question-types.ts';
import { PlaybookLinks } from './PlaybookLinks.tsx';
import { QuestionPreview } from './QuestionPreview.tsx';
import { QuestionTypeSettings } from './QuestionTypeSettings.tsx';
import { NodeBasics, NodeTexts } from './SectionForm.tsx';

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
          title={`“${reusedKey.key}” was used in version ${reusedKey.version}`}
        >
          <Stack gap="xs">
            <Text size="sm">
              It was the key of “{reusedKey.title}”. Answers follow keys: a different question needs
              a new key, or answers given to the old one would move onto it.
            </Text>
            <Checkbox
              label={`This is the same question as “${reusedKey.title}” in version ${reusedKey.version}`}
              checked={sameQuestion}
              onChange={(e) => onSameQuestionChange?.(e.currentTarget.checked)}
            />
          </Stack>
        </Alert>
      ) : null}
      <Select
        label="Type"
        description={QUESTION_TYPE_HINTS[question.type]}
        data={QUESTION_TYPES.map((t) => ({ value: t, label: QUESTION_TYPE_LABELS[t] }))}
        value={question.type}
        allowDeselect={false}
        onChange={(t) => {
          if (t) setList(form, nodeRef, changeQuestionType(question, t as QuestionType));
        }}
        error={form.errors[`${nodeRef}.type`]}
        maw={320}
      />
      <QuestionTypeSettings form={form} nodeRef={nodeRef} question={question} />
      <Switch
        label="Allow “not applicable”"
        description="The respondent may say the question does not apply; it then counts as answered but is not scored."
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
        Changes are kept in this draft when you save; respondents see them once you publish.
      </Text>
    </Stack>
  );
}
