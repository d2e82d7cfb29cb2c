import {
  CreateTaskSchema,
  REMEDIATION_LIMITS,
  UpdateTaskSchema,
  type CreateTaskInput,
  type Task,
  type TaskPriority,
  type UpdateTask,
} from '@tenantry/shared';
import { schemaResolver, type FormErrors } from '@mantine/form';
import { t } from '../messages.ts';

/** "New task": plain values, as inputs give them. */
export interface NewTaskValues {
  title: string;
  description: string;
  priority: TaskPriority;
  /** A member's user id, '' for nobody. */
  assigneeId: string;
  /** `YYYY-MM-DD` or ''. */
  dueDate: string;
  /** One checklist item per line (blank lines left out). */
  checklist: string;
}

export const EMPTY_NEW_TASK: NewTaskValues = {
  title: '',
  description: '',
  priority: 'medium',
  assigneeId: '',
  dueDate: '',
  checklist: '',
};

/** The checklist's lines, trimmed, blank ones left out. */
export function checklistLines(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean);
}

export function toCreateBody(v: NewTaskValues): CreateTaskInput {
  return {
    title: v.title.trim(),
    description: v.description,
    priority: v.priority,
    assigneeId: v.assigneeId || null,
    dueDate: v.dueDate || null,
    checklist: checklistLines(v.checklist),
  };
}

const checkCreate = schemaResolver(CreateTaskSchema, { sync: true });

/**
 * The server's errors keyed by the form's fields: a checklist item's (`checklist.2`) shows on
 * the checklist, naming its line.
 */
export function toFormErrors(errors: Record<string, unknown>): FormErrors {
  const out: FormErrors = {};
  for (const [key, message] of Object.entries(errors)) {
    const item = /^checklist\.(\d+)/.exec(key);
    if (item)
      out.checklist ??= t('form.checklistItem', {
        number: Number(item[1]) + 1,
        message: String(message),
      });
    else out[key] ??= message as FormErrors[string];
  }
  return out;
}

/** "New task"'s errors: what the server would say. */
export function newTaskErrors(v: NewTaskValues): FormErrors {
  return toFormErrors(checkCreate(toCreateBody(v)));
}

/** The drawer's details: plain values, as inputs give them. */
export type DetailsValues = Omit<NewTaskValues, 'checklist'>;

export function detailsOf(t: Task): DetailsValues {
  return {
    title: t.title,
    description: t.description,
    priority: t.priority,
    assigneeId: t.assignee?.id ?? '',
    dueDate: t.dueDate ?? '',
  };
}

/** Only what changed (empty: nothing to send). */
export function toUpdateBody(t: Task, v: DetailsValues): UpdateTask {
  const body: UpdateTask = {};
  if (v.title.trim() !== t.title) body.title = v.title.trim();
  if (v.description !== t.description) body.description = v.description;
  if (v.priority !== t.priority) body.priority = v.priority;
  if ((v.assigneeId || null) !== (t.assignee?.id ?? null)) body.assigneeId = v.assigneeId || null;
  if ((v.dueDate || null) !== t.dueDate) body.dueDate = v.dueDate || null;
  return body;
}

const checkUpdate = schemaResolver(UpdateTaskSchema, { sync: true });

export function detailsErrors(t: Task, v: DetailsValues): FormErrors {
  const body = toUpdateBody(t, v);
  if (Object.keys(body).length === 0) return {};
  return checkUpdate(body);
}

/** Accepting a risk: why, and when to look at it again. */
export interface RiskValues {
  riskReason: string;
  /** `YYYY-MM-DD` or ''. */
  riskReviewDate: string;
}

export const EMPTY_RISK: RiskValues = { riskReason: '', riskReviewDate: '' };

/** Both are needed (the server says the same with `tasks.risk_reason_required`). */
export function riskErrors(v: RiskValues): FormErrors {
  const errors: FormErrors = {};
  const reason = v.riskReason.trim();
  if (!reason) errors.riskReason = t('risk.reason.required');
  else if (reason.length > REMEDIATION_LIMITS.riskReason)
    errors.riskReason = t('risk.reason.tooLong', { max: REMEDIATION_LIMITS.riskReason });
  if (!v.riskReviewDate) errors.riskReviewDate = t('risk.reviewDate.required');
  else if (!/^\d{4}-\d{2}-\d{2}$/.test(v.riskReviewDate))
    errors.riskReviewDate = t('risk.reviewDate.invalid');
  return errors;
}

export function toRiskBody(v: RiskValues): { riskReason: string; riskReviewDate: string } {
  return { riskReason: v.riskReason.trim(), riskReviewDate: v.riskReviewDate };
}
