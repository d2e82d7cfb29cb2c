import { formatScore, type AnswerGroup, type QuestionTasksResult } from '@tenantry/shared';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Modal,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconChecklist } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { ErrorAlert } from '#web/components/ErrorAlert.tsx';
import { FormActions } from '#web/components/FormActions.tsx';
import { NAME_WRAP } from '#web/components/NameText.tsx';
import { useCreateQuestionTasks } from '../api/create-question-tasks.ts';
import { useQuestionAnswers } from '../api/get-question-answers.ts';
import { answeredOn, countsLine, tasksSummary } from '../lib/answers-view.ts';
import { t } from '../messages.ts';

export interface QuestionAnswersPanelProps {
  frameworkId: string;
  questionKey: string;
  /** A client's assessment screen. */
  assessmentHref: (tenantId: string, assessmentId: string) => string;
}

function CreateTasks({
  frameworkId,
  questionKey,
  count,
  onDone,
}: {
  frameworkId: string;
  questionKey: string;
  count: number;
  onDone: (r: QuestionTasksResult) => void;
}) {
  const [opened, setOpened] = useState(false);
  const create = useCreateQuestionTasks(frameworkId, questionKey);
  const close = () => {
    create.reset();
    setOpened(false);
  };
  return (
    <>
      <Button leftSection={<IconChecklist size={16} aria-hidden />} onClick={() => setOpened(true)}>
        {t('createTasks.button', { count })}
      </Button>
      <Modal opened={opened} onClose={close} title={t('createTasks.title')} centered>
        <form
          aria-label={t('createTasks.title')}
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            create.mutate(
              {},
              {
                onSuccess: (r) => {
                  setOpened(false);
                  onDone(r);
                },
              },
            );
          }}
        >
          <Stack gap="md">
            <Text size="sm">{t('createTasks.body')}</Text>
            {create.isError ? <ErrorAlert error={create.error} /> : null}
            <FormActions
              onCancel={close}
              submitLabel={t('createTasks.submit', { count })}
              pending={create.isPending}
            />
          </Stack>
        </form>
      </Modal>
    </>
  );
}

function Group_({
  g,
  assessmentHref,
}: {
  g: AnswerGroup;
  assessmentHref: QuestionAnswersPanelProps['assessmentHref'];
}) {
  const id = `answer-group-${g.key.replace(/[^a-z0-9]/gi, '')}`;
  return (
    <Card withBorder padding="md" component="section" aria-labelledby={id}>
      <Group justify="space-between" wrap="wrap" gap="xs" mb="xs">
        <Title order={2} size="h4" id={id} style={NAME_WRAP}>
          {g.label || '—'}
        </Title>
        <Group gap="xs">
          <Badge variant="light" color="gray">
            {t('group.clients', { count: g.count })}
          </Badge>
          {g.score !== null ? (
            <Badge variant="light" color="blue">
              {t('group.score', { score: formatScore(g.score) })}
            </Badge>
          ) : null}
          {g.failing > 0 ? (
            <Badge variant="light" color="red">
              {t('group.failing', { failing: g.failing })}
            </Badge>
          ) : null}
        </Group>
      </Group>
      <Stack gap={6} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
        {g.clients.map((c) => (
          <Group key={c.tenantId} component="li" justify="space-between" wrap="wrap" gap="xs">
            <Stack gap={0} miw={0} flex="1 1 220px">
              <Anchor
                component={Link}
                to={assessmentHref(c.tenantId, c.assessmentId)}
                fw={500}
                style={NAME_WRAP}
              >
                {c.tenantName}
              </Anchor>
              <Text size="xs" c="dimmed" style={NAME_WRAP}>
                {t('client.answered', {
                  who: c.answeredBy,
                  date: answeredOn(c.answeredAt),
                  assessment: c.assessmentName,
                  version: c.version,
                })}
              </Text>
            </Stack>
            <Group gap={6}>
              {c.failing ? (
                <Badge color="red" variant="outline">
                  {t('client.fails')}
                </Badge>
              ) : null}
              {c.openTask ? (
                <Badge color="blue" variant="outline">
                  {t('client.taskOpen')}
                </Badge>
              ) : null}
            </Group>
          </Group>
        ))}
      </Stack>
    </Card>
  );
}

/**
 * "How do my clients answer this?" (docs/across-clients.md): every client's latest answer to
 * one question's stable key, grouped by answer, and a task for every client that fails.
 */
export function QuestionAnswersPanel({
  frameworkId,
  questionKey,
  assessmentHref,
}: QuestionAnswersPanelProps) {
  const q = useQuestionAnswers(frameworkId, questionKey);
  const [done, setDone] = useState<QuestionTasksResult | null>(null);
  const a = q.data;
  if (q.isError) return <ErrorAlert error={q.error} title={t('panel.loadFailed')} />;
  if (!a) {
    return (
      <Stack gap="sm" aria-busy aria-label={t('panel.loading')}>
        <Skeleton height={30} />
        <Skeleton height={120} />
        <Skeleton height={120} />
      </Stack>
    );
  }
  return (
    <Stack gap="md">
      <Stack gap={2}>
        <Text fw={600} style={NAME_WRAP}>
          {a.question.title}
        </Text>
        <Text size="sm" c="dimmed" style={NAME_WRAP}>
          {t('panel.question', {
            framework: a.framework.name,
            key: a.question.key,
            version: a.framework.latestVersion,
          })}
        </Text>
      </Stack>
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Text size="sm">{countsLine(a.counts)}</Text>
        {a.canCreateTasks && a.counts.failingWithoutTask > 0 ? (
          <CreateTasks
            frameworkId={frameworkId}
            questionKey={questionKey}
            count={a.counts.failingWithoutTask}
            onDone={setDone}
          />
        ) : null}
      </Group>
      {done ? (
        <Alert color="green" variant="light" role="status">
          {tasksSummary(done)}
        </Alert>
      ) : null}
      {a.groups.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('panel.empty')}
        </Text>
      ) : (
        a.groups.map((g) => <Group_ key={g.key} g={g} assessmentHref={assessmentHref} />)
      )}
    </Stack>
  );
}
