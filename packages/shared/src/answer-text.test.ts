import { describe, expect, it } from 'vitest';
import { readableValue } from './answer-text.ts';
import { parseFrameworkDocument, type Question } from './frameworks.schemas.ts';

const parsed = parseFrameworkDocument({
  format: 'tenantry.framework/1',
  key: 'answer-text',
  name: 'Answer text',
  sections: [
    {
      key: 'A',
      title: 'A',
      questions: [
        { key: 'yn', title: 'yn', type: 'yes_no' },
        { key: 'mat', title: 'mat', type: 'maturity' },
        {
          key: 'many',
          title: 'many',
          type: 'multiple_choice',
          options: [
            { key: 'low', label: 'Low', score: 0 },
            { key: 'high', label: 'High', score: 1 },
          ],
        },
        {
          key: 'days',
          title: 'days',
          type: 'number',
          unit: 'days',
          bands: [{ min: 0, score: 1 }],
        },
      ],
    },
  ],
});
if (!parsed.ok) throw new Error(JSON.stringify(parsed.problems));
const q = (key: string): Question =>
  parsed.document.sections[0]!.questions.find((x) => x.key === key)!;

describe('readableValue', () => {
  it('reads each answer as the CSV export and the report print it', () => {
    expect(readableValue(q('yn'), 'partial')).toBe('Partial');
    expect(readableValue(q('mat'), 2)).toBe('2 – Repeatable');
    expect(readableValue(q('many'), ['low', 'high'])).toBe('Low; High');
    expect(readableValue(q('many'), ['gone'])).toBe('gone');
    expect(readableValue(q('days'), 15)).toBe('15 days');
    expect(readableValue(q('yn'), null)).toBe('');
  });
});
