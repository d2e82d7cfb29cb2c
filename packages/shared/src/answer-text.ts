import type { Answer } from './assessments.schemas.ts';
import type { Question } from './frameworks.schemas.ts';

const YES_NO: Record<string, string> = { yes: 'Yes', partial: 'Partial', no: 'No' };

/**
 * An answer's value as a person reads it in the server's files ("2 – Repeatable", "Low; High",
 * "15 days"): the answers CSV export and the PDF report print the same text.
 */
export function readableValue(q: Question, value: Answer['value']): string {
  if (value === null) return '';
  switch (q.type) {
    case 'yes_no':
      return YES_NO[String(value)] ?? String(value);
    case 'maturity':
      return `${String(value)} – ${q.levels[Number(value)] ?? ''}`;
    case 'single_choice':
      return q.options.find((o) => o.key === value)?.label ?? String(value);
    case 'multiple_choice':
      return (Array.isArray(value) ? value : [value])
        .map((k) => q.options.find((o) => o.key === k)?.label ?? String(k))
        .join('; ');
    case 'number':
      return q.unit ? `${String(value)} ${q.unit}` : String(value);
    case 'text':
      return String(value);
  }
}
