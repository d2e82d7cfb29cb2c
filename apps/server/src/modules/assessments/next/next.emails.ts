import type { MailMessage } from '../../../lib/mail/index.ts';
import { layout } from '../../../lib/mail/layout.ts';

/** To the owner of an assessment started from a previous one (by hand or by its schedule). */
export function nextAssessmentEmail(input: {
  to: string;
  ownerName: string;
  assessmentName: string;
  /** Null: a first assessment (nothing to start from). */
  previousName: string | null;
  tenantName: string;
  dueDate: string | null;
  carried: number;
  reinvited: number;
  startedBy: string;
  link: string;
}): MailMessage {
  const carried =
    input.carried === 1
      ? '1 answer of last period is carried into it, to confirm or change.'
      : `${input.carried} answers of last period are carried into it, to confirm or change.`;
  const invited =
    input.reinvited === 0
      ? 'No respondent was invited yet.'
      : input.reinvited === 1
        ? '1 respondent of last period was invited again with a new link.'
        : `${input.reinvited} respondents of last period were invited again with new links.`;
  return layout(
    input.to,
    `New assessment for ${input.tenantName}: ${input.assessmentName}`,
    [
      `Hello ${input.ownerName},`,
      input.previousName
        ? `${input.startedBy} started the assessment “${input.assessmentName}” for ${input.tenantName} from “${input.previousName}”. You are its owner.`
        : `${input.startedBy} started the assessment “${input.assessmentName}” for ${input.tenantName}, its first on this framework. You are its owner.`,
      input.dueDate ? `It is due on ${input.dueDate}.` : 'It has no due date.',
      ...(input.previousName ? [carried, invited] : []),
    ],
    { url: input.link, label: 'Open the assessment' },
  );
}
