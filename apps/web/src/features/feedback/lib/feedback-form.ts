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

export interface FeedbackFormValues {
  /** '1'–'5' (the radio group's value), '' until one is picked. */
  rating: string;
  comment: string;
}

export const EMPTY_FEEDBACK_FORM: FeedbackFormValues = { rating: '', comment: '' };

export const FeedbackFormSchema = z.object({
  rating: z.string().regex(/^[1-5]$/, 'Pick a rating from 1 to 5.'),
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
    .min(1, 'Give the item a title.')
    .max(ROADMAP_LIMITS.title, `At most ${ROADMAP_LIMITS.title} characters.`),
  description: storableText().max(
    ROADMAP_LIMITS.description,
    `At most ${ROADMAP_LIMITS.description} characters.`,
  ),
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
  const from = `From feedback on \`${item.pagePath}\` (rated ${item.rating} of 5).`;
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
      ? `Thank you for your feedback (rated ${item.rating} of 5):\n\n${quoted}\n\n`
      : `Thank you for your feedback (rated ${item.rating} of 5).\n\n`,
  };
}
