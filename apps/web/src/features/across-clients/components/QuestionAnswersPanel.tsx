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
        Create tasks for all that fail ({count})
      </Button>
      <Modal opened={opened} onClose={close} title="Create tasks for all that fail" centered>
        <form
          aria-label="Create tasks for all that fail"
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
            <Text size="sm">
              Each failing client without an open task on this question gets a remediation task,
              linked to the question and to the assessment of its answer.
            </Text>
            {create.isError ? <ErrorAlert error={create.error} /> : null}
            <FormActions
              onCancel={close}
              submitLabel={`Create ${count === 1 ? '1 task' : `${count} tasks`}`}
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
            {g.count === 1 ? '1 client' : `${g.count} clients`}
          </Badge>
          {g.score !== null ? (
            <Badge variant="light" color="blue">
              Score {formatScore(g.score)}
            </Badge>
          ) : null}
          {g.failing > 0 ? (
            <Badge variant="light" color="red">
              {g.failing} failing
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
                {c.answeredBy}, {answeredOn(c.answeredAt)} · {c.assessmentName} (v{c.version})
              </Text>
            </Stack>
            <Group gap={6}>
              {c.failing ? (
                <Badge color="red" variant="outline">
                  Fails
                </Badge>
              ) : null}
              {c.openTask ? (
                <Badge color="blue" variant="outline">
                  Task open
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
  if (q.isError) return <ErrorAlert error={q.error} title="The answers could not be loaded" />;
  if (!a) {
    return (
      <Stack gap="sm" aria-busy aria-label="Loading the answers">
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
          {a.framework.name} · {a.question.key} · latest answers in any version (up to v
          {a.framework.latestVersion})
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
          None of your clients has answered this question yet.
        </Text>
      ) : (
        a.groups.map((g) => <Group_ key={g.key} g={g} assessmentHref={assessmentHref} />)
      )}
    </Stack>
  );
}
