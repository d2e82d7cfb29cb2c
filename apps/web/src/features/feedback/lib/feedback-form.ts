/** The feedback form's values, checked by the shared rules before they are sent. */
import {
  CreateFeedbackSchema,
  FeedbackToTicketSchema,
  ROADMAP_LIMITS,
  storableText,
  type CreateFeedbackInput,
  type SupportCategory,
} from '@tenantry/shared';
import { z } from 'zod';
import { t } from '../messages.ts';

export interface FeedbackFormValues {
  /** '1'–'5' (the radio group's value), '' until one is picked. */
  rating: string;
  comment: string;
}

export const EMPTY_FEEDBACK_FORM: FeedbackFormValues = { rating: '', comment: '' };

export const FeedbackFormSchema = z.object({
  rating: z.string().regex(/^[1-5]$/, { error: () => t('form.rating.required') }),
  comment: CreateFeedbackSchema.shape.comment,
});

/** The request body: the form's values with the page they were sent from and the app version. */
export function toFeedbackInput(
  values: FeedbackFormValues,
  pagePath: string,
  appVersion: string,
): CreateFeedbackInput {
  return {
    rating: Number(values.rating),
    comment: values.comment.trim(),
    pagePath,
    appVersion,
  };
}

export const RoadmapItemFormSchema = z.object({
  title: storableText()
    .trim()
    .min(1, { error: () => t('roadmap.title.required') })
    .max(ROADMAP_LIMITS.title, {
      error: () => t('roadmap.tooLong', { max: ROADMAP_LIMITS.title }),
    }),
  description: storableText().max(ROADMAP_LIMITS.description, {
    error: () => t('roadmap.tooLong', { max: ROADMAP_LIMITS.description }),
  }),
});
export type RoadmapItemFormValues = z.infer<typeof RoadmapItemFormSchema>;

/**
 * What the roadmap item form starts with: the comment's first line as the title (cut to the
 * limit), and the comment with where it came from as the description.
 */
export function roadmapItemDraft(item: {
  comment: string;
  pagePath: string;
  rating: number;
}): RoadmapItemFormValues {
  const firstLine =
    item.comment
      .split('\n')
      .find((l) => l.trim() !== '')
      ?.trim() ?? '';
  const title =
    firstLine.length > ROADMAP_LIMITS.title
      ? `${firstLine.slice(0, ROADMAP_LIMITS.title - 1)}…`
      : firstLine;
  const from = t('roadmap.draft.from', { page: item.pagePath, rating: item.rating });
  return { title, description: item.comment ? `${item.comment}\n\n${from}` : from };
}

export const TicketFormSchema = FeedbackToTicketSchema;
export interface TicketFormValues {
  subject: string;
  category: SupportCategory;
  body: string;
}

/** What the ticket form starts with: the comment's first line as the subject, the comment quoted. */
export function ticketDraft(item: { comment: string; rating: number }): TicketFormValues {
  const { title } = roadmapItemDraft({ ...item, pagePath: '' });
  const quoted = item.comment
    .split('\n')
    .map((l) => `> ${l}`)
    .join('\n');
  return {
    subject: title,
    category: item.rating <= 2 ? 'problem' : 'question',
    body: item.comment
      ? `${t('ticket.draft.thanksQuoting', { rating: item.rating })}\n\n${quoted}\n\n`
      : `${t('ticket.draft.thanks', { rating: item.rating })}\n\n`,
  };
}
