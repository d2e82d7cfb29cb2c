import { can, type TenantDetail } from '@tenantry/shared';
import { Box } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
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
import { SchedulesPanel } from '#web/features/schedules/components/SchedulesPanel.tsx';

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
}: {
  tenant: TenantDetail;
  focus: string | undefined;
}) {
  const { user } = useMe();
  const navigate = useNavigate();
  const manages = can(tenant.access.accountRole, 'assessments.manage');
  const remediates = can(tenant.access.accountRole, 'remediation.manage');
  const [starting, setStarting] = useState(false);
  const owners = useOwnerChoices(manages);
  const listHref = `/tenant/${encodeURIComponent(tenant.id)}/assessments`;

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
            {remediates && a.progress.gaps.length > 0 ? (
              <GapTasksButton
                tenantId={tenant.id}
                assessmentId={a.id}
                gaps={a.progress.gaps.length}
                assignees={owners}
                remediationHref={`/tenant/${encodeURIComponent(tenant.id)}/remediation`}
              />
            ) : null}
            <ReportButton tenantId={tenant.id} assessmentId={a.id} />
            <EvidencePackButton tenantId={tenant.id} assessmentId={a.id} />
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
