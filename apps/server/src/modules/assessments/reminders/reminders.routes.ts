import { createRoute } from '@hono/zod-openapi';
import {
  AccountReminderSettingsSchema,
  AssessmentParamsSchema,
  AssessmentReminderSettingsSchema,
  REMINDER_LIMITS,
  RESPONDENT_TOKEN_HEADER,
  RespondentParamsSchema,
  RespondentRemindersSchema,
  SendReminderSchema,
  SentReminderSchema,
  UpdateAccountReminderSettingsSchema,
  UpdateAssessmentReminderSettingsSchema,
  UpdateRespondentRemindersSchema,
} from '@tenantry/shared';
import { createRouter } from '../../../auth/context.ts';
import { getAccount, getTenant, requireAccount, requireTenant } from '../../../auth/guards.ts';
import { errorResponse, errorResponses, json, jsonBody } from '../../../lib/openapi.ts';
import { actor, noStore, notFound, ONE, TAGS } from '../assessments.http.ts';
import {
  headers,
  linkRefused,
  privateAnswer,
  RESPOND_TAGS,
  respondentGuard,
  tooManyFailures,
} from '../respondents/respond.guard.ts';
import { respondentByToken } from '../respondents/respond.service.ts';
import {
  readAccountReminderSettings,
  readAssessmentReminderSettings,
  updateAccountReminderSettings,
  updateAssessmentReminderSettings,
} from './reminder-settings.service.ts';
import { readRespondentReminders, remindNow, setRespondentReminders } from './reminders.service.ts';

/**
 * Reminders (docs/assessments.md, "Reminders"): the account's defaults, an assessment's
 * overrides, "Send reminder now", and the respondent's "Stop reminders" (by their link's token).
 */

const SETTINGS_DESCRIPTION = `\`enabled\` turns every scheduled e-mail on or off (the invitation always goes); \`beforeDueDays\` (${REMINDER_LIMITS.beforeDueDaysMin}–${REMINDER_LIMITS.beforeDueDaysMax}, null: none) sends a reminder that many days before the due date; \`nudgeAfterDays\` (${REMINDER_LIMITS.nudgeAfterDaysMin}–${REMINDER_LIMITS.nudgeAfterDaysMax}, null: none) a nudge after that many days without an answer or e-mail; \`lastCall\` an e-mail on the due date; \`ownerSummary\` the owner's list of who has not answered, on the reminder day and the due date. A respondent gets at most one e-mail a day (UTC).`;
const versionConflict = errorResponse(
  'Saved by someone else since `version` (`common.conflict`; `details.current` is what they are now)',
);

const getAccountSettingsRoute = createRoute({
  middleware: requireAccount('account.read'),
  method: 'get',
  path: '/account/reminder-settings',
  tags: ['accounts'],
  summary: 'The account’s reminder defaults (every assessment follows them unless it overrides)',
  description: SETTINGS_DESCRIPTION,
  responses: {
    200: json(AccountReminderSettingsSchema, 'The defaults (version 0: never saved)'),
    401: errorResponses[401],
    403: errorResponses[403],
  },
});

const putAccountSettingsRoute = createRoute({
  middleware: requireAccount('account.update'),
  method: 'put',
  path: '/account/reminder-settings',
  tags: ['accounts'],
  summary: 'Change the account’s reminder defaults (owners and admins; audited)',
  description: `${SETTINGS_DESCRIPTION} Send the \`version\` you read: a save over someone else's answers 409.`,
  request: { body: jsonBody(UpdateAccountReminderSettingsSchema) },
  responses: {
    200: json(AccountReminderSettingsSchema, 'Saved'),
    400: errorResponses[400],
    401: errorResponses[401],
    403: errorResponses[403],
    409: versionConflict,
  },
});

const getAssessmentSettingsRoute = createRoute({
  middleware: requireTenant('assessments.manage'),
  method: 'get',
  path: `${ONE}/reminder-settings`,
  tags: TAGS,
  summary: 'An assessment’s reminder settings: its overrides, the account’s, and what applies',
  request: { params: AssessmentParamsSchema },
  responses: {
    200: json(AssessmentReminderSettingsSchema, 'The settings'),
    400: errorResponses[400],
    401: errorResponses[401],
    403: errorResponses[403],
    404: notFound,
  },
});

const putAssessmentSettingsRoute = createRoute({
  middleware: requireTenant('assessments.manage'),
  method: 'put',
  path: `${ONE}/reminder-settings`,
  tags: TAGS,
  summary: 'Override the account’s reminder settings for this assessment (audited)',
  description: `\`overrides\` replaces the assessment's overrides: a field left out follows the account, null turns that e-mail off. ${SETTINGS_DESCRIPTION}`,
  request: {
    params: AssessmentParamsSchema,
    body: jsonBody(UpdateAssessmentReminderSettingsSchema),
  },
  responses: {
    200: json(AssessmentReminderSettingsSchema, 'Saved'),
    400: errorResponses[400],
    401: errorResponses[401],
    403: errorResponses[403],
    404: notFound,
    409: versionConflict,
  },
});

const remindRoute = createRoute({
  middleware: requireTenant('assessments.manage'),
  method: 'post',
  path: `${ONE}/respondents/{respondentId}/remind`,
  tags: TAGS,
  summary: 'Send a respondent a reminder now, with a fresh personal link (audited)',
  description:
    'At most one e-mail a day (UTC) per respondent, the invitation and scheduled reminders included. A retry with the same `idempotencyKey` answers the reminder already sent (`replayed: true`) instead of 409.',
  request: { params: RespondentParamsSchema, body: jsonBody(SendReminderSchema) },
  responses: {
    200: json(SentReminderSchema, 'Sent (or, with the same key, sent before)'),
    400: errorResponses[400],
    401: errorResponses[401],
    403: errorResponses[403],
    404: notFound,
    409: errorResponse(
      'Already e-mailed today (`assessments.reminder_already_sent`, `details.nextAt`: when the next may go), the respondent stopped reminders (`assessments.reminders_stopped`), submitted or has no valid link (`assessments.respondent_not_pending`), or the assessment is completed (`assessments.locked`)',
    ),
  },
});

const respondentRemindersRoute = createRoute({
  middleware: respondentGuard,
  method: 'get',
  path: '/respond/reminders',
  tags: RESPOND_TAGS,
  summary: 'Whether the respondent of the token gets reminders for their assessment',
  request: { headers },
  responses: {
    200: json(RespondentRemindersSchema, 'Their reminders'),
    400: errorResponses[400],
    401: linkRefused,
    429: tooManyFailures,
  },
});

const putRespondentRemindersRoute = createRoute({
  middleware: respondentGuard,
  method: 'put',
  path: '/respond/reminders',
  tags: RESPOND_TAGS,
  summary: 'Stop (or resume) reminders for this assessment, by the token of an e-mail’s link',
  description:
    'Idempotent: stopping again keeps the first time. Only the respondent of the token is changed; the assessor sees it on the respondents list.',
  request: { headers, body: jsonBody(UpdateRespondentRemindersSchema) },
  responses: {
    200: json(RespondentRemindersSchema, 'Their reminders now'),
    400: errorResponses[400],
    401: linkRefused,
    429: tooManyFailures,
  },
});

export const reminderRoutes = createRouter()
  .openapi(getAccountSettingsRoute, async (c) =>
    c.json(await readAccountReminderSettings(c.var.deps.db, getAccount(c)), 200, noStore),
  )
  .openapi(putAccountSettingsRoute, async (c) =>
    c.json(
      await updateAccountReminderSettings(c.var.deps.db, getAccount(c), c.req.valid('json')),
      200,
    ),
  )
  .openapi(getAssessmentSettingsRoute, async (c) => {
    const { assessmentId } = c.req.valid('param');
    return c.json(
      await readAssessmentReminderSettings(c.var.deps.db, getTenant(c), assessmentId),
      200,
      noStore,
    );
  })
  .openapi(putAssessmentSettingsRoute, async (c) => {
    const { assessmentId } = c.req.valid('param');
    return c.json(
      await updateAssessmentReminderSettings(
        c.var.deps.db,
        getTenant(c),
        assessmentId,
        c.req.valid('json'),
      ),
      200,
    );
  })
  .openapi(remindRoute, async (c) => {
    const { assessmentId, respondentId } = c.req.valid('param');
    const { db, mailer, config } = c.var.deps;
    const mail = { mailer, publicUrl: config.publicUrl, log: c.var.log };
    const result = await remindNow(
      db,
      await actor(c),
      assessmentId,
      respondentId,
      c.req.valid('json'),
      mail,
    );
    return c.json(result, 200, noStore);
  })
  .openapi(respondentRemindersRoute, async (c) => {
    const { db } = c.var.deps;
    const respondent = await respondentByToken(db, c.req.valid('header')[RESPONDENT_TOKEN_HEADER]);
    return c.json(await readRespondentReminders(db, respondent), 200, privateAnswer);
  })
  .openapi(putRespondentRemindersRoute, async (c) => {
    const { db } = c.var.deps;
    const respondent = await respondentByToken(db, c.req.valid('header')[RESPONDENT_TOKEN_HEADER]);
    const { stopped } = c.req.valid('json');
    return c.json(await setRespondentReminders(db, respondent, stopped), 200, privateAnswer);
  });
