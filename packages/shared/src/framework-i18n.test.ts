import { describe, expect, it } from 'vitest';
import { diffFrameworks } from './framework-diff.ts';
import {
  dropStaleOptionTranslations,
  frameworkLanguages,
  localizeFramework,
  missingTranslations,
  withoutTranslations,
} from './framework-i18n.ts';
import { takeUpstreamChanges, upstreamChanges } from './framework-upstream.ts';
import { parseFrameworkDocument, type FrameworkDocument } from './frameworks.schemas.ts';
import { scoreDocument } from './scoring.ts';

function parse(input: unknown): FrameworkDocument {
  const r = parseFrameworkDocument(input);
  if (!r.ok) throw new Error(JSON.stringify(r.problems));
  return r.document;
}

const doc = () =>
  parse({
    format: 'tenantry.framework/1',
    key: 'f',
    name: 'Checks',
    translations: { nl: { name: 'Controles' } },
    sections: [
      {
        key: 'A',
        title: 'Access',
        guidance: 'Ask.',
        translations: { de: { title: 'Zugang' } },
        questions: [
          {
            key: 'A1',
            title: 'Pick',
            type: 'multiple_choice',
            options: [
              { key: 'x', label: 'X', score: 0.5 },
              { key: 'y', label: 'Y', score: 0.5 },
            ],
            translations: { de: { title: 'Wählen', options: { x: 'Iks' } } },
          },
          { key: 'A2', title: 'Level', type: 'maturity' },
          {
            key: 'A3',
            title: 'Count',
            type: 'number',
            unit: 'devices',
            bands: [
              { min: 0, score: 0 },
              { min: 5, score: 1 },
            ],
            translations: { de: { unit: 'Geräte' }, es: { unit: 'dispositivos' } },
          },
        ],
      },
    ],
  });

describe('frameworks in several languages', () => {
  it('list the languages they have, in the order of LOCALES', () => {
    expect(frameworkLanguages(doc())).toEqual(['de', 'es', 'nl']);
    expect(frameworkLanguages(withoutTranslations(doc()))).toEqual([]);
  });

  it('show each text in the language where it exists and in English otherwise', () => {
    const de = localizeFramework(doc(), 'de');
    expect(de.name).toBe('Checks');
    expect(de.sections[0]!.title).toBe('Zugang');
    expect(de.sections[0]!.guidance).toBe('Ask.');
    const [q1, q2, q3] = de.sections[0]!.questions;
    expect(q1).toMatchObject({ title: 'Wählen' });
    expect(q1!.type === 'multiple_choice' && q1!.options.map((o) => o.label)).toEqual(['Iks', 'Y']);
    expect(q2!.type === 'maturity' && q2!.levels[0]).toBe('Not performed');
    expect(q3!.type === 'number' && q3!.unit).toBe('Geräte');
    expect(JSON.stringify(de)).not.toContain('translations');
    expect(localizeFramework(doc(), 'nl').name).toBe('Controles');
    expect(localizeFramework(doc(), 'en')).toEqual(doc());
  });

  it('never change what scores', () => {
    const answers = { A1: { value: ['x', 'y'] }, A2: { value: 3 }, A3: { value: 6 } };
    const english = scoreDocument(doc(), answers);
    for (const locale of ['de', 'fr', 'es', 'nl'] as const) {
      const local = localizeFramework(doc(), locale);
      expect(scoreDocument(local, answers)).toEqual(english);
      expect(withoutTranslations(local).sections[0]!.questions.map((q) => q.key)).toEqual([
        'A1',
        'A2',
        'A3',
      ]);
    }
  });

  it('report what lacks each language, texts that are empty in English aside', () => {
    expect(missingTranslations(doc())).toEqual([
      {
        locale: 'de',
        count: 6,
        items: [
          { key: '@framework', fields: ['name'] },
          { key: 'A', fields: ['guidance'] },
          { key: 'A1', fields: ['options.y'] },
          { key: 'A2', fields: ['title', 'levels'] },
          { key: 'A3', fields: ['title'] },
        ],
      },
      expect.objectContaining({ locale: 'es', count: 9 }),
      expect.objectContaining({ locale: 'nl', count: 9 }),
    ]);
    expect(missingTranslations(doc(), ['fr'], 2)[0]).toMatchObject({ count: 10 });
    expect(missingTranslations(doc(), ['fr'], 2)[0]!.items).toHaveLength(2);
  });

  it('drop the labels of options the question no longer has (the editor, before it saves)', () => {
    const d = doc();
    const q = d.sections[0]!.questions[0]!;
    if (q.type !== 'multiple_choice') throw new Error('type');
    q.options = [q.options[1]!, { key: 'z', label: 'Z', score: 0 }];
    expect(parseFrameworkDocument(d).ok).toBe(false);
    const cleaned = dropStaleOptionTranslations(d);
    expect(cleaned.sections[0]!.questions[0]!.translations).toEqual({
      de: { title: 'Wählen', options: {} },
    });
    expect(parseFrameworkDocument(cleaned).ok).toBe(true);
    expect(dropStaleOptionTranslations(doc())).toEqual(doc());
  });

  it('are a field of the diff and of upstream changes, and come along with taken options', () => {
    const base = doc();
    const theirs = doc();
    theirs.sections[0]!.translations = { de: { title: 'Zugriff' } };
    const q = theirs.sections[0]!.questions[0]!;
    if (q.type !== 'multiple_choice') throw new Error('type');
    q.options = [q.options[0]!, { key: 'w', label: 'W', score: 0.5 }];
    q.translations = { de: { title: 'Wählen', options: { x: 'Iks', w: 'We' } } };
    const diff = diffFrameworks(base, theirs);
    expect(diff.changed).toEqual([
      expect.objectContaining({ key: 'A', fields: ['translations'], affectsAnswers: false }),
      expect.objectContaining({ key: 'A1', fields: ['options', 'translations'] }),
    ]);
    // The fork changed A1's German title; taking the upstream's options brings its option
    // labels and keeps the fork's own title.
    const mine = doc();
    mine.sections[0]!.questions[0]!.translations = {
      de: { title: 'Auswahl', options: { x: 'Iks' } },
    };
    const changes = upstreamChanges(base, theirs, mine);
    const a1 = changes.find((c) => c.id === 'A1')!;
    expect(a1.conflictFields).toEqual(['translations']);
    const taken = takeUpstreamChanges(base, theirs, mine, [{ id: 'A1', keep: 'mine' }]).document;
    expect(taken.sections[0]!.questions[0]!.translations).toEqual({
      de: { title: 'Auswahl', options: { x: 'Iks', w: 'We' } },
    });
    expect(parseFrameworkDocument(taken).ok).toBe(true);
    const all = takeUpstreamChanges(base, theirs, mine, [
      { id: 'A', keep: 'upstream' },
      { id: 'A1', keep: 'upstream' },
    ]).document;
    expect(all.sections[0]!.translations).toEqual({ de: { title: 'Zugriff' } });
    expect(all.sections[0]!.questions[0]!.translations).toEqual(q.translations);
  });
});
