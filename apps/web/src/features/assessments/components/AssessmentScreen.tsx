import { Alert, Badge, Skeleton, Stack, Tabs, Text, Timeline } from '@mantine/core';
import { IconWifiOff } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { ErrorAlert } from '#web/components/ErrorAlert.tsx';
import { ApiError } from '#web/lib/api.ts';
import { formatDateTime } from '#web/lib/format.ts';
import { assessmentKeys } from '../api/assessment-keys.ts';
import { useAssessment } from '../api/get-assessment.ts';
import { useAnswerWriter } from '../api/save-answer.ts';
import { useLiveAssessments } from '../api/use-live-assessments.ts';
import { isLocked, statusLabel } from '../lib/assessment-view.ts';
import { AssessmentHeader, type AssessmentHeaderProps } from './AssessmentHeader.tsx';
import type { AnswerExtrasContext } from './QuestionPanel.tsx';
import { QuestionsView } from './QuestionsView.tsx';
import { RespondentsPanel } from './RespondentsPanel.tsx';
import type { OwnerChoice } from './StartAssessmentModal.tsx';
import { useNow } from './use-now.ts';
import { t } from '../messages.ts';

export interface AssessmentScreenProps {
  tenantId: string;
  assessmentId: string;
  /** The tenant's list of assessments. */
  listHref: string;
  owners: OwnerChoice[] | undefined;
  /** More actions of the header for who manages the assessment (composed by the route). */
  headerActions?: AssessmentHeaderProps['extraActions'];
  /** Notes of the header from other features ("2 files expired"). */
  headerNotes?: AssessmentHeaderProps['extraNotes'];
  /** More of each answer from other features (its evidence), composed by the route. */
  answerExtras?: (ctx: AnswerExtrasContext) => ReactNode;
}

type Tab = 'questions' | 'respondents' | 'activity';

/**
 * The assessor's screen of one assessment: the header (score, completion, status moves,
 * details), the questions (tree and the question in view), the respondents, and the status
 * history. Live: another person's change reloads the assessment, keeping what is typed here.
 */
export function AssessmentScreen({
  tenantId,
  assessmentId,
  listHref,
  owners,
  headerActions,
  headerNotes,
  answerExtras,
}: AssessmentScreenProps) {
  const query = useAssessment(tenantId, assessmentId);
  const writer = useAnswerWriter(tenantId, assessmentId);
  // Another person's change: the detail is read again (its "Updated … by" follows).
  const live = useLiveAssessments(tenantId);
  const now = useNow(30_000);
  const navigate = useNavigate();
  const qc = useQueryClient();
  const [tab, setTab] = useState<Tab>('questions');

  if (query.isPending) {
    return (
      <Stack gap="sm" aria-busy aria-label={t('screen.loading')}>
        <Skeleton height={28} width="50%" />
        <Skeleton height={72} />
        <Skeleton height={320} />
      </Stack>
    );
  }
  if (query.isError) {
    const missing = query.error instanceof ApiError && query.error.status === 404;
    return (
      <ErrorAlert title={missing ? t('screen.notFound') : t('screen.loadFailed')}>
        <Text size="sm">
          {missing ? t('screen.deleted') : query.error.message}{' '}
          <Link to={listHref}>{t('screen.backToList')}</Link>
        </Text>
      </ErrorAlert>
    );
  }
  const a = query.data;
  const locked = isLocked(a.status);
  const readOnly = !a.can.answer
    ? t('screen.readOnly.reader')
    : locked
      ? a.can.manage
        ? t('screen.readOnly.lockedManager')
        : t('screen.readOnly.locked')
      : null;

  return (
    <Stack gap="md">
      <AssessmentHeader
        tenantId={tenantId}
        assessment={a}
        owners={owners}
        listHref={listHref}
        now={now}
        extraActions={headerActions}
        extraNotes={headerNotes}
        onDeleted={() => {
          void navigate(listHref, { replace: true });
          qc.removeQueries({ queryKey: assessmentKeys.detail(tenantId, assessmentId) });
        }}
      />
      {live.interrupted ? (
        <Alert
          color="gray"
          variant="light"
          icon={<IconWifiOff size={16} aria-hidden />}
          p="xs"
          role="status"
        >
          <Text size="xs">{t('screen.livePaused')}</Text>
        </Alert>
      ) : null}
      <Tabs value={tab} onChange={(v) => v && setTab(v as Tab)} keepMounted={false}>
        <Tabs.List aria-label={t('screen.tabs')} mb="md">
          <Tabs.Tab value="questions">{t('screen.tab.questions')}</Tabs.Tab>
          {a.can.manage ? (
            <Tabs.Tab
              value="respondents"
              rightSection={
                a.respondents.total ? (
                  <Badge size="xs" variant="light" circle={a.respondents.total < 10}>
                    {a.respondents.total}
                  </Badge>
                ) : undefined
              }
            >
              {t('screen.tab.respondents')}
            </Tabs.Tab>
          ) : null}
          <Tabs.Tab value="activity">{t('screen.tab.activity')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="questions">
          <QuestionsView
            tenantId={tenantId}
            detail={a}
            writer={writer}
            readOnly={readOnly}
            playbookHref={(key) =>
              `/explore/playbooks/${encodeURIComponent(tenantId)}?q=${encodeURIComponent(key)}`
            }
            now={now}
            answerExtras={answerExtras}
          />
        </Tabs.Panel>
        {a.can.manage ? (
          <Tabs.Panel value="respondents">
            <RespondentsPanel tenantId={tenantId} assessment={a} now={now} />
          </Tabs.Panel>
        ) : null}
        <Tabs.Panel value="activity">
          <Timeline bulletSize={14} lineWidth={2} active={a.statusHistory.length - 1}>
            {a.statusHistory.map((s, i) => (
              <Timeline.Item key={`${s.at}-${i}`} title={statusLabel(s.status)}>
                <Text size="xs" c="dimmed">
                  <time dateTime={s.at}>{formatDateTime(s.at)}</time>
                  {s.by ? ` · ${s.by}` : ''}
                </Text>
              </Timeline.Item>
            ))}
          </Timeline>
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
