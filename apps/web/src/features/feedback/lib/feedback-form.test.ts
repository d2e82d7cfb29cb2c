import { describe, expect, it } from 'vitest';
import { roadmapItemDraft, toFeedbackInput } from './feedback-form.ts';

describe('the feedback form', () => {
  it('sends the rating as a number, the comment trimmed, the page and the version', () => {
    expect(toFeedbackInput({ rating: '2', comment: '  slow  ' }, '/tenant', '123')).toEqual({
      rating: 2,
      comment: 'slow',
      pagePath: '/tenant',
      appVersion: '123',
    });
  });

  it('drafts a roadmap item from the comment’s first line, saying where it came from', () => {
    const draft = roadmapItemDraft({ comment: '\nDark mode\nplease', pagePath: '/a', rating: 3 });
    expect(draft.title).toBe('Dark mode');
    expect(draft.description).toBe('\nDark mode\nplease\n\nFrom feedback on `/a` (rated 3 of 5).');
    expect(
      roadmapItemDraft({ comment: 'x'.repeat(300), pagePath: '/', rating: 1 }).title,
    ).toHaveLength(200);
    expect(roadmapItemDraft({ comment: '', pagePath: '/', rating: 1 }).title).toBe('');
  });
});
