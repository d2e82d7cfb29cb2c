/** The feedback form's values, checked by the shared rules before they are sent. */
import { CreateFeedbackSchema, type CreateFeedbackInput } from '@tenantry/shared';
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
