import { can, type TenantDetail } from '@tenantry/shared';
import { Box } from '@mantine/core';
import { Button } from '@mantine/core';
import { IconChartBar, IconDownload } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { AssessmentScreen } from '#web/features/assessments/components/AssessmentScreen.tsx';
import { AssessmentsTab } from '#web/features/assessments/components/AssessmentsTab.tsx';
import {
  StartAssessmentModal,
  type OwnerChoice,
} from '#web/features/assessments/components/StartAssessmentModal.tsx';
import { useMe } from '#web/features/auth/api/me.ts';
import { AnswerEvidence } from '#web/features/evidence/components/AnswerEvidence.tsx';
import { EvidenceExpiryNote } from '#web/features/evidence/components/EvidenceExpiryNote.tsx';
import { MarkBaselineButton } from '#web/features/baseline/components/MarkBaselineButton.tsx';
import { membersQueryOptions } from '#web/features/members/api/list-members.ts';
import { GapTasksButton } from '#web/features/remediation/components/GapTasksButton.tsx';
import { EvidencePackButton } from '#web/features/reports/components/EvidencePackButton.tsx';
import { ReportButton } from '#web/features/reports/components/ReportButton.tsx';
import { resultsKeys } from '#web/features/results/api/results-keys.ts';
import { ResultsScreen } from '#web/features/results/components/ResultsScreen.tsx';
import { SchedulesPanel } from '#web/features/schedules/components/SchedulesPanel.tsx';
import { t } from '../../messages.ts';

/** The members who may own an assessment (members of the account only; read when needed). */
export function useOwnerChoices(enabled: boolean): OwnerChoice[] | undefined {
  const members = useQuery({ ...membersQueryOptions, enabled });
  return useMemo(
    () => members.data?.members.map((m) => ({ id: m.userId, name: m.name || m.email })),
    [members.data],
  );
}

export const assessmentHref = (tenantId: string, assessmentId: string) =>
  `/tenant/${encodeURIComponent(tenantId)}/assessments/${encodeURIComponent(assessmentId)}`;

/**
 * An assessment's results page, with its actions: tasks for the gaps (members who remediate),
 * the PDF report and the answers' CSV (everyone who reads it, shared users too).
 */
function AssessmentResults({
  tenant,
  assessmentId,
  owners,
}: {
  tenant: TenantDetail;
  assessmentId: string;
  owners: OwnerChoice[] | undefined;
}) {
  const qc = useQueryClient();
  const href = assessmentHref(tenant.id, assessmentId);
  return (
    <ResultsScreen
      tenantId={tenant.id}
      assessmentId={assessmentId}
      assessmentHref={href}
      actions={(r) => (
        <>
          {r.can.createTasks && r.counts.gaps > r.counts.gapsWithOpenTask ? (
            <GapTasksButton
              tenantId={tenant.id}
              assessmentId={assessmentId}
              gaps={r.counts.gaps}
              assignees={owners}
              remediationHref={`/tenant/${encodeURIComponent(tenant.id)}/remediation`}
              onCreated={() =>
                void qc.invalidateQueries({
                  queryKey: resultsKeys.assessment(tenant.id, assessmentId),
                })
              }
            />
          ) : null}
          <ReportButton tenantId={tenant.id} assessmentId={assessmentId} />
          <Button
            component="a"
            variant="default"
            leftSection={<IconDownload size={16} aria-hidden />}
            href={`/api/v1/tenants/${encodeURIComponent(tenant.id)}/assessments/${encodeURIComponent(assessmentId)}/answers.csv`}
            download
          >
            {t('tenant.assessments.answersCsv')}
          </Button>
        </>
      )}
    />
  );
}

/**
 * The tenant's assessments tab: the list (with "Start assessment" for members who manage
 * assessments) or, with a focus, one assessment's screen. Composes the assessments feature
 * with the members feature (owner choices), the baseline feature ("Mark as baseline" on a
 * completed assessment), the remediation feature ("Create tasks for gaps" on an assessment
 * with gaps), the reports feature ("PDF report"), the schedules feature (the tenant's schedules
 * below its list), the evidence feature (each answer's files, the header's expired count) and
 * the session (who starts it).
 */
export function TenantAssessments({
  tenant,
  focus,
  view,
}: {
  tenant: TenantDetail;
  focus: string | undefined;
  /** `results`: the assessment's results page. */
  view?: string | undefined;
}) {
  const { user } = useMe();
  const navigate = useNavigate();
  const manages = can(tenant.access.accountRole, 'assessments.manage');
  const remediates = can(tenant.access.accountRole, 'remediation.manage');
  const [starting, setStarting] = useState(false);
  const owners = useOwnerChoices(manages);
  const listHref = `/tenant/${encodeURIComponent(tenant.id)}/assessments`;

  if (focus && view === 'results') {
    return <AssessmentResults tenant={tenant} assessmentId={focus} owners={owners} />;
  }
  if (focus) {
    return (
      <AssessmentScreen
        key={focus}
        tenantId={tenant.id}
        assessmentId={focus}
        listHref={listHref}
        owners={owners}
        headerNotes={(a) => <EvidenceExpiryNote tenantId={tenant.id} assessmentId={a.id} />}
        answerExtras={(ctx) => (
          <AnswerEvidence
            tenantId={tenant.id}
            assessmentId={focus}
            questionKey={ctx.question.key}
            canEdit={ctx.canEdit}
            pasteScope={ctx.scope}
          />
        )}
        headerActions={(a) => (
          <>
            <Button
              component={Link}
              to={`${assessmentHref(tenant.id, a.id)}/results`}
              variant="light"
              leftSection={<IconChartBar size={16} aria-hidden />}
            >
              {t('tenant.assessments.results')}
            </Button>
            {remediates && a.progress.gaps.length > 0 ? (
              <GapTasksButton
                tenantId={tenant.id}
                assessmentId={a.id}
                gaps={a.progress.gaps.length}
                assignees={owners}
                remediationHref={`/tenant/${encodeURIComponent(tenant.id)}/remediation`}
              />
            ) : null}
            {/* The exports are icons with tooltips: the header's actions stay on one line. */}
            <ReportButton tenantId={tenant.id} assessmentId={a.id} compact />
            <EvidencePackButton tenantId={tenant.id} assessmentId={a.id} compact />
            {manages && a.status === 'completed' && !a.isBaseline ? (
              <MarkBaselineButton
                tenantId={tenant.id}
                assessmentId={a.id}
                assessmentName={a.name}
                baselineHref={`/tenant/${encodeURIComponent(tenant.id)}/baseline`}
              />
            ) : null}
          </>
        )}
      />
    );
  }
  return (
    <>
      <AssessmentsTab
        tenantId={tenant.id}
        hrefFor={(id) => assessmentHref(tenant.id, id)}
        onStart={manages ? () => setStarting(true) : null}
      />
      {manages ? (
        <Box mt="xl">
          <SchedulesPanel
            tenantId={tenant.id}
            allowTags={false}
            owners={owners}
            me={user?.uid}
            assessmentHref={assessmentHref}
          />
        </Box>
      ) : null}
      {manages ? (
        <StartAssessmentModal
          tenantId={tenant.id}
          tenantName={tenant.name}
          opened={starting}
          onClose={() => setStarting(false)}
          owners={owners}
          me={user?.uid}
          onStarted={(a) => {
            setStarting(false);
            void navigate(assessmentHref(tenant.id, a.id));
          }}
        />
      ) : null}
    </>
  );
}
