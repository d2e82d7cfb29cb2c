import type { AssessmentDetail } from '@tenantry/shared';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Menu,
  Modal,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
  ActionIcon,
  Tooltip,
} from '@mantine/core';
import {
  IconArrowLeft,
  IconDots,
  IconDownload,
  IconLock,
  IconLockOpen,
  IconPencil,
  IconPlayerPlay,
  IconPlayerTrackNext,
  IconTrash,
} from '@tabler/icons-react';
import { useId, useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { ErrorAlert } from '#web/components/ErrorAlert.tsx';
import { NAME_WRAP } from '#web/components/NameText.tsx';
import { ScoreValue } from '#web/components/ScoreValue.tsx';
import { useChangeStatus, type StatusMove } from '../api/change-status.ts';
import { useDeleteAssessment } from '../api/delete-assessment.ts';
import { targetsMet } from '../lib/assessment-stats.ts';
import { dueView, statusMoves, updatedText } from '../lib/assessment-view.ts';
import { AssessmentStatusBadge, CompletionBar } from './Badges.tsx';
import { CarryForwardBar } from './CarryForwardBar.tsx';
import { EditAssessmentModal } from './EditAssessmentModal.tsx';
import { NextAssessmentModal } from './NextAssessmentModal.tsx';
import type { OwnerChoice } from './StartAssessmentModal.tsx';
import { t } from '../messages.ts';
import { rich } from '#web/i18n/rich.tsx';

/** A labelled figure of the header (a group named by its label: "Score", "Completion"…). */
function Stat({ label, children }: { label: string; children: ReactNode }) {
  const id = useId();
  return (
    <div role="group" aria-labelledby={id}>
      <Text id={id} size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <div>{children}</div>
    </div>
  );
}

export interface AssessmentHeaderProps {
  tenantId: string;
  assessment: AssessmentDetail;
  owners: OwnerChoice[] | undefined;
  listHref: string;
  /** The assessment was deleted: back to the list. */
  onDeleted: () => void;
  now: number;
  /** More actions from other features ("PDF report", "Mark as baseline"); each decides who sees it. */
  extraActions?: (assessment: AssessmentDetail) => ReactNode;
  /** Notes from other features under the name ("2 files expired"). */
  extraNotes?: ((assessment: AssessmentDetail) => ReactNode) | undefined;
}

/**
 * The assessment's name, status, framework, owner and due date; its score, completion and
 * targets; who answered last; and, for who may, the status moves and "Edit details"; in
 * "More actions", the answers as CSV (for everyone who reads it) and, for who may, Delete.
 * Below: a newer framework version to carry the assessment forward to, and the latest
 * carry-forward.
 */
export function AssessmentHeader({
  tenantId,
  assessment: a,
  owners,
  listHref,
  onDeleted,
  now,
  extraActions,
  extraNotes,
}: AssessmentHeaderProps) {
  const change = useChangeStatus(tenantId, a.id);
  const remove = useDeleteAssessment(tenantId, a.id);
  const [confirm, setConfirm] = useState<'complete' | 'delete' | null>(null);
  const [editing, setEditing] = useState(false);
  const [startingNext, setStartingNext] = useState(false);
  const navigate = useNavigate();
  const moves = statusMoves(a.status);
  const due = dueView(a.dueDate, a.status);
  const met = targetsMet(a);
  const last = updatedText(a.lastAnswer, now);
  const unanswered = a.progress.total - a.progress.answered;

  const move = (m: StatusMove) => change.mutate(m, { onSuccess: () => setConfirm(null) });
  const closeConfirm = () => {
    change.reset();
    remove.reset();
    setConfirm(null);
  };

  return (
    <Stack gap="sm" mb="md">
      <Anchor component={Link} to={listHref} size="sm">
        <Group gap={4} component="span">
          <IconArrowLeft size={14} aria-hidden />
          {t('header.back')}
        </Group>
      </Anchor>
      <Group justify="space-between" align="flex-start" gap="sm" wrap="wrap">
        <Stack gap={4} miw={0} flex="1 1 320px">
          <Group gap="xs" wrap="nowrap" align="flex-start">
            <Title order={2} size="h3" style={NAME_WRAP}>
              {a.name}
            </Title>
            <AssessmentStatusBadge status={a.status} />
            {a.isBaseline ? (
              <Badge variant="outline" color="grape" style={{ flexShrink: 0 }}>
                {t('header.baseline')}
              </Badge>
            ) : null}
          </Group>
          <Text size="sm" c="dimmed" style={NAME_WRAP}>
            {rich(
              t,
              a.owner
                ? due
                  ? 'header.meta.ownerDue'
                  : 'header.meta.owner'
                : due
                  ? 'header.meta.due'
                  : 'header.meta',
              {
                framework: a.framework.name,
                version: a.framework.version,
                owner: a.owner?.name ?? '',
              },
              {
                due: due ? (
                  <Text
                    component="span"
                    inherit
                    c={due.overdue ? 'red' : undefined}
                    fw={due.overdue ? 600 : undefined}
                  >
                    {rich(
                      t,
                      due.overdue ? 'header.due.overdue' : 'header.due',
                      {},
                      { date: <time dateTime={a.dueDate ?? undefined}>{due.label}</time> },
                    )}
                  </Text>
                ) : null,
              },
            )}
          </Text>
          {a.origin.previous || a.origin.schedule ? (
            <Text size="sm" c="dimmed" style={NAME_WRAP}>
              {rich(
                t,
                a.origin.previous
                  ? a.origin.schedule
                    ? 'header.origin.previousBySchedule'
                    : 'header.origin.previous'
                  : 'header.origin.bySchedule',
                {},
                {
                  previous: a.origin.previous ? (
                    <Anchor
                      component={Link}
                      to={`${listHref}/${encodeURIComponent(a.origin.previous.id)}`}
                      inherit
                    >
                      {a.origin.previous.name}
                    </Anchor>
                  ) : null,
                  schedule: a.origin.schedule ? (
                    <Anchor
                      component={Link}
                      to={`${listHref}?schedule=${encodeURIComponent(a.origin.schedule.id)}#schedules`}
                      inherit
                    >
                      {t('header.origin.schedule', {
                        cadence: a.origin.schedule.cadence.replace('_', '-'),
                      })}
                    </Anchor>
                  ) : null,
                },
              )}
            </Text>
          ) : null}
          {extraNotes ? <Group gap="xs">{extraNotes(a)}</Group> : null}
        </Stack>
        {/* One line at 1280 px, whatever the status: the secondary actions (the answers as
            CSV, delete) are in "More actions". */}
        <Group gap="xs" wrap="wrap" role="group" aria-label={t('header.actions')}>
          {extraActions?.(a)}
          {a.can.manage ? (
            <>
              {moves.start ? (
                <Button
                  leftSection={<IconPlayerPlay size={16} aria-hidden />}
                  onClick={() => move('start')}
                  loading={change.isPending && change.variables === 'start'}
                >
                  {t('header.start')}
                </Button>
              ) : null}
              {moves.complete ? (
                <Button
                  leftSection={<IconLock size={16} aria-hidden />}
                  onClick={() => setConfirm('complete')}
                >
                  {t('header.complete')}
                </Button>
              ) : null}
              {a.status === 'completed' ? (
                <Button
                  leftSection={<IconPlayerTrackNext size={16} aria-hidden />}
                  onClick={() => setStartingNext(true)}
                >
                  {t('header.startNext')}
                </Button>
              ) : null}
              {moves.reopen && a.status === 'completed' ? (
                // Completed, the line is full: reopening is rare, an icon like Edit details.
                <Tooltip label={t('header.reopen')}>
                  <ActionIcon
                    variant="light"
                    size="lg"
                    aria-label={t('header.reopen')}
                    onClick={() => move('reopen')}
                    loading={change.isPending && change.variables === 'reopen'}
                  >
                    <IconLockOpen size={18} aria-hidden />
                  </ActionIcon>
                </Tooltip>
              ) : moves.reopen ? (
                <Button
                  variant="light"
                  leftSection={<IconLockOpen size={16} aria-hidden />}
                  onClick={() => move('reopen')}
                  loading={change.isPending && change.variables === 'reopen'}
                >
                  {t('header.reopen')}
                </Button>
              ) : null}
              {a.status === 'completed' ? (
                // A completed assessment has the most actions: its rarely used edit is an icon,
                // so that the line still holds "Start next assessment".
                <Tooltip label={t('header.edit')}>
                  <ActionIcon
                    variant="default"
                    size="lg"
                    aria-label={t('header.edit')}
                    onClick={() => setEditing(true)}
                  >
                    <IconPencil size={18} aria-hidden />
                  </ActionIcon>
                </Tooltip>
              ) : (
                <Button
                  variant="default"
                  leftSection={<IconPencil size={16} aria-hidden />}
                  onClick={() => setEditing(true)}
                >
                  {t('header.edit')}
                </Button>
              )}
            </>
          ) : null}
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <ActionIcon variant="default" size="lg" aria-label={t('header.more')}>
                <IconDots size={18} aria-hidden />
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item
                component="a"
                href={`/api/v1/tenants/${encodeURIComponent(a.tenantId)}/assessments/${encodeURIComponent(a.id)}/answers.csv`}
                download
                leftSection={<IconDownload size={16} aria-hidden />}
              >
                {t('header.downloadCsv')}
              </Menu.Item>
              {a.can.manage && a.can.delete ? (
                <Menu.Item
                  color="red"
                  leftSection={<IconTrash size={16} aria-hidden />}
                  onClick={() => setConfirm('delete')}
                >
                  {t('header.delete')}
                </Menu.Item>
              ) : null}
            </Menu.Dropdown>
          </Menu>
        </Group>
      </Group>
      {change.isError && confirm === null ? (
        // Reopening counts as a new active assessment: the plan may refuse it (upgrade prompt).
        <ErrorAlert error={change.error} withCloseButton onClose={change.reset} />
      ) : null}

      <Paper withBorder p="sm" radius="md">
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
          <Stat label={t('header.stat.score')}>
            <ScoreValue
              size="xl"
              fw={700}
              score={a.progress.score}
              provisional={a.progress.provisional}
              answered={a.progress.answered}
              total={a.progress.total}
            />
          </Stat>
          <Stat label={t('header.stat.completion')}>
            <CompletionBar
              answered={a.progress.answered}
              total={a.progress.total}
              completion={a.progress.completion}
              label={t('header.stat.completion')}
              w="100%"
            />
          </Stat>
          <Stat label={t('header.stat.targetsMet')}>
            <Text size="sm" fw={500}>
              {met.measured === 0
                ? t('header.stat.noScoredSection')
                : t('header.stat.met', { met: met.met, count: met.measured })}
            </Text>
          </Stat>
          <Stat label={t('header.stat.answers')}>
            <Text size="sm" style={NAME_WRAP} role="status">
              {last ?? t('header.stat.noAnswers')}
            </Text>
          </Stat>
        </SimpleGrid>
      </Paper>

      <CarryForwardBar tenantId={tenantId} assessment={a} now={now} />

      <Modal
        opened={confirm === 'complete'}
        onClose={closeConfirm}
        title={t('header.completeConfirm.title')}
        centered
      >
        <Stack gap="md">
          <Text size="sm">{t('header.completeConfirm.body')}</Text>
          {unanswered > 0 ? (
            <Text size="sm" fw={500}>
              {t('header.completeConfirm.unanswered', { count: unanswered })}
            </Text>
          ) : null}
          {change.isError ? (
            <Alert color="red" variant="light" role="alert">
              {change.error.message}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={closeConfirm}>
              {t('common.cancel')}
            </Button>
            <Button onClick={() => move('complete')} loading={change.isPending}>
              {t('header.completeConfirm.submit')}
            </Button>
          </Group>
        </Stack>
      </Modal>

      <Modal
        opened={confirm === 'delete'}
        onClose={closeConfirm}
        title={t('header.deleteConfirm.title')}
        centered
      >
        <Stack gap="md">
          <Text size="sm" style={NAME_WRAP}>
            {rich(t, 'header.deleteConfirm.body', {}, { name: <strong>{a.name}</strong> })}
          </Text>
          {remove.isError ? (
            <Alert color="red" variant="light" role="alert">
              {remove.error.message}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={closeConfirm}>
              {t('common.cancel')}
            </Button>
            <Button
              color="red"
              loading={remove.isPending}
              onClick={() => remove.mutate(undefined, { onSuccess: onDeleted })}
            >
              {t('header.deleteConfirm.submit')}
            </Button>
          </Group>
        </Stack>
      </Modal>

      {a.can.manage && a.status === 'completed' ? (
        <NextAssessmentModal
          tenantId={tenantId}
          assessment={a}
          owners={owners}
          opened={startingNext}
          onClose={() => setStartingNext(false)}
          onStarted={(id) => {
            setStartingNext(false);
            void navigate(`${listHref}/${encodeURIComponent(id)}`);
          }}
        />
      ) : null}

      <EditAssessmentModal
        tenantId={tenantId}
        assessment={a}
        owners={owners}
        opened={editing}
        onClose={() => setEditing(false)}
      />
    </Stack>
  );
}
