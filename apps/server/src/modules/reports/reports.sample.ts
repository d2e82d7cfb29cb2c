/**
 * A generated framework of any size with answers to match, for the report's timing test
 * (reports.test.ts: 300 questions under 5 s) and `bench/reports.ts`. Sections of 30 questions,
 * each with two nested sub-sections, every question type, realistic lengths of titles, text
 * answers and notes. Not used by the app itself.
 */
import { FRAMEWORK_FORMAT } from '@tenantry/shared';

const WORDS =
  'access control policy review backup recovery incident response supplier risk asset inventory encryption logging monitoring training awareness vulnerability patch network segmentation identity privileged account change management continuity'.split(
    ' ',
  );

/** `n` words, deterministic for `seed`. */
export function words(n: number, seed: number): string {
  return Array.from({ length: n }, (_, i) => WORDS[(seed * 7 + i * 13) % WORDS.length]).join(' ');
}

const TYPES = ['yes_no', 'maturity', 'single_choice', 'multiple_choice', 'number', 'text'] as const;

function question(key: string, i: number) {
  const type = TYPES[i % TYPES.length]!;
  const base = {
    key,
    title: `${words(6 + (i % 9), i).replace(/^./, (c) => c.toUpperCase())}?`,
    description: words(20, i + 3),
    weight: 1 + (i % 3),
    naAllowed: i % 10 === 0,
  };
  switch (type) {
    case 'single_choice':
    case 'multiple_choice':
      return {
        ...base,
        type,
        options: [
          { key: 'none', label: 'Not in place', score: 0 },
          { key: 'some', label: 'Partly in place', score: 0.5 },
          { key: 'all', label: 'Fully in place and reviewed', score: 1 },
        ],
      };
    case 'number':
      return {
        ...base,
        type,
        unit: 'days',
        bands: [
          { min: 0, score: 1 },
          { min: 30, score: 0.5 },
          { min: 90, score: 0 },
        ],
      };
    default:
      return { ...base, type };
  }
}

/** A framework of `questions` questions (keys `Q001`…), 30 per top-level section. */
export function sampleFrameworkDocument(questions: number, key = `sample-${questions}`) {
  const perSection = 30;
  const sections = [];
  for (let s = 0; s * perSection < questions; s++) {
    const keys = Array.from(
      { length: Math.min(perSection, questions - s * perSection) },
      (_, i) => s * perSection + i,
    );
    const half = Math.ceil(keys.length / 2);
    const sub = (part: number[], n: number) => ({
      key: `S${s + 1}.${n}`,
      title: `${words(3, s * 5 + n).replace(/^./, (c) => c.toUpperCase())}`,
      questions: part.map((i) => question(`Q${String(i + 1).padStart(3, '0')}`, i)),
      sections: [],
    });
    sections.push({
      key: `S${s + 1}`,
      title: `${words(2, s).replace(/^./, (c) => c.toUpperCase())} and governance ${s + 1}`,
      target: 0.7,
      weight: 1 + (s % 2),
      questions: [],
      sections: [sub(keys.slice(0, half), 1), sub(keys.slice(half), 2)],
    });
  }
  return {
    format: FRAMEWORK_FORMAT,
    key,
    name: `Sample framework of ${questions} questions`,
    summary: 'Generated for the report’s timing test',
    sections,
  };
}

/** A plausible answer to question number `i` of the sample framework (about 1 in 3 with a note). */
export function sampleAnswer(i: number): { value?: unknown; na?: boolean; note?: string } {
  const type = TYPES[i % TYPES.length]!;
  const note = i % 3 === 0 ? { note: `${words(25 + (i % 40), i + 11)}.` } : {};
  if (i % 10 === 0) return { na: true, ...note };
  switch (type) {
    case 'yes_no':
      return { value: ['yes', 'partial', 'no'][i % 3], ...note };
    case 'maturity':
      return { value: i % 6, ...note };
    case 'single_choice':
      return { value: ['none', 'some', 'all'][i % 3], ...note };
    case 'multiple_choice':
      return { value: ['some', 'all'].slice(0, 1 + (i % 2)), ...note };
    case 'number':
      return { value: (i * 17) % 120, ...note };
    case 'text':
      return { value: `${words(30 + (i % 50), i + 5)}.`, ...note };
  }
}
