import { z } from 'zod';
import {
  TRANSLATION_LOCALES,
  type NodeTranslation,
  type QuestionTranslation,
  type Translations,
} from './framework-translations.ts';
import { documentShapeProblems, type DocumentProblem } from './framework-shape.ts';
import { FRAMEWORK_LIMITS } from './framework-limits.ts';
import { storableText } from './text.schemas.ts';

/**
 * Frameworks (docs/content.md): a tree of sections (nesting to any depth) whose leaves are
 * questions. The same document is the draft being edited, every published version, and the
 * import/export file (`tenantry.framework/1`, JSON Schema in docs/schemas/). It is stored in
 * canonical form: every field present, defaults filled in, so an export re-imports to exactly
 * the same document.
 */

export const FRAMEWORK_FORMAT = 'tenantry.framework/1';

export const QUESTION_TYPES = [
  'yes_no',
  'maturity',
  'single_choice',
  'multiple_choice',
  'number',
  'text',
] as const;
export type QuestionType = (typeof QUESTION_TYPES)[number];

export const QUESTION_TYPE_LABELS: Record<QuestionType, string> = {
  yes_no: 'Yes / partial / no',
  maturity: 'Maturity 0–5',
  single_choice: 'Single choice',
  multiple_choice: 'Multiple choice',
  number: 'Number with thresholds',
  text: 'Free text',
};

export const DEFAULT_MATURITY_LEVELS = [
  'Not performed',
  'Initial',
  'Repeatable',
  'Defined',
  'Managed',
  'Optimised',
] as const;

export { FRAMEWORK_LIMITS };

/** A framework's own key (its file name when exported): `nist-csf-2.0`. */
export const FRAMEWORK_KEY_PATTERN = /^[a-z0-9][a-z0-9.-]*$/;
/** A section's or question's stable key, unique in the framework: `GV.OC-01`. */
export const NODE_KEY_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._:-]*$/;

const max = (n: number) => `must have at most ${n} characters`;

export const FrameworkKeySchema = storableText()
  .min(1, 'must not be empty')
  .max(FRAMEWORK_LIMITS.key, max(FRAMEWORK_LIMITS.key))
  .regex(
    FRAMEWORK_KEY_PATTERN,
    'use lowercase letters, digits, "." and "-", starting with a letter or digit',
  );

export const NodeKeySchema = storableText()
  .min(1, 'must not be empty')
  .max(FRAMEWORK_LIMITS.key, max(FRAMEWORK_LIMITS.key))
  .regex(
    NODE_KEY_PATTERN,
    'use letters, digits, ".", "_", ":" and "-", starting with a letter or digit',
  );

const title = storableText()
  .trim()
  .min(1, 'must not be empty')
  .max(FRAMEWORK_LIMITS.title, max(FRAMEWORK_LIMITS.title));
const markdown = storableText().max(FRAMEWORK_LIMITS.markdown, max(FRAMEWORK_LIMITS.markdown));
const score = z.number({ error: 'must be a number' }).min(0, 'must be ≥ 0').max(1, 'must be ≤ 1');
const weight = z
  .number({ error: 'must be a number' })
  .min(0, 'must be ≥ 0')
  .max(FRAMEWORK_LIMITS.weightMax, `must be ≤ ${FRAMEWORK_LIMITS.weightMax}`)
  .default(1);

export const ContentTagsSchema = z
  .array(
    storableText()
      .trim()
      .toLowerCase()
      .min(1, 'a tag must not be empty')
      .max(FRAMEWORK_LIMITS.tag, `a tag has at most ${FRAMEWORK_LIMITS.tag} characters`),
  )
  .max(FRAMEWORK_LIMITS.tags, `at most ${FRAMEWORK_LIMITS.tags} tags`)
  .default([])
  .overwrite((tags) => [...new Set(tags)]);

/**
 * Translations (docs/languages.md): per language besides English, the same texts as the base
 * ones, each optional (left out, the English text shows) but never empty. Strict: anything else
 * (a score, a weight) is refused, so nothing that scores can differ by language.
 */
const leaveOut = 'must not be empty (leave it out to show the English text)';
const tTitle = storableText()
  .trim()
  .min(1, leaveOut)
  .max(FRAMEWORK_LIMITS.title, max(FRAMEWORK_LIMITS.title));
const tMarkdown = markdown.min(1, leaveOut);
const localesList = TRANSLATION_LOCALES.join(', ');
function translations<T extends z.ZodRawShape>(shape: T) {
  return z
    .partialRecord(
      z.enum(TRANSLATION_LOCALES),
      z.strictObject(shape, {
        error: (issue) =>
          issue.code === 'unrecognized_keys'
            ? `cannot be translated: ${issue.keys.join(', ')} (only ${Object.keys(shape).join(', ')})`
            : 'must be an object of translated texts',
      }),
      {
        // An unknown language comes as `unrecognized_keys` (an enum's keys are checked whole).
        error: (raw) => {
          const issue = raw as { code: string; keys?: string[] };
          return issue.code === 'unrecognized_keys'
            ? `${(issue.keys ?? []).map((k) => `"${k}"`).join(', ')}: the languages are ${localesList} (English is the base text)`
            : issue.code === 'invalid_type'
              ? 'must be an object of languages'
              : undefined;
        },
      },
    )
    .optional()
    .describe(
      `Translations per language (${localesList}): the same texts in that language, each optional (left out, the English text shows). English is the base text.`,
    );
}
const nodeTranslation = {
  title: tTitle.optional(),
  description: tMarkdown.optional(),
  guidance: tMarkdown.optional(),
};
const questionTranslations = translations(nodeTranslation);

const nodeCommon = {
  key: NodeKeySchema,
  title,
  description: markdown.default(''),
  guidance: markdown.default(''),
  weight,
  tags: ContentTagsSchema,
};

const questionCommon = {
  ...nodeCommon,
  naAllowed: z.boolean({ error: 'must be true or false' }).default(false),
  playbooks: z
    .array(FrameworkKeySchema)
    .max(FRAMEWORK_LIMITS.playbooks, `at most ${FRAMEWORK_LIMITS.playbooks} playbooks`)
    .default([])
    .overwrite((keys) => [...new Set(keys)]),
};

const optionLabel = storableText()
  .trim()
  .min(1, 'must not be empty')
  .max(FRAMEWORK_LIMITS.optionLabel, max(FRAMEWORK_LIMITS.optionLabel));
const levelLabel = storableText()
  .trim()
  .min(1, 'must not be empty')
  .max(FRAMEWORK_LIMITS.levelLabel, max(FRAMEWORK_LIMITS.levelLabel));
const levels = z.array(levelLabel).length(6, 'needs exactly 6 labels, for levels 0 to 5');
const unit = storableText().trim().max(FRAMEWORK_LIMITS.unit, max(FRAMEWORK_LIMITS.unit));

export const ChoiceOptionSchema = z.object({
  key: NodeKeySchema,
  label: optionLabel,
  score,
});
export type ChoiceOption = z.infer<typeof ChoiceOptionSchema>;

const options = z
  .array(ChoiceOptionSchema)
  .min(FRAMEWORK_LIMITS.optionsMin, `needs at least ${FRAMEWORK_LIMITS.optionsMin} options`)
  .max(FRAMEWORK_LIMITS.optionsMax, `at most ${FRAMEWORK_LIMITS.optionsMax} options`);

export const NumberBandSchema = z.object({
  min: z.number({ error: 'must be a number' }).min(-1e12).max(1e12),
  score,
});
export type NumberBand = z.infer<typeof NumberBandSchema>;

/** Choice questions translate their options' labels, by option key. */
const choiceTranslations = translations({
  ...nodeTranslation,
  options: z
    .record(
      NodeKeySchema,
      storableText()
        .trim()
        .min(1, leaveOut)
        .max(FRAMEWORK_LIMITS.optionLabel, max(FRAMEWORK_LIMITS.optionLabel)),
      { error: 'must map option keys to labels' },
    )
    .optional(),
});

export const QuestionSchema = z.discriminatedUnion(
  'type',
  [
    z.object({ ...questionCommon, type: z.literal('yes_no'), translations: questionTranslations }),
    z.object({
      ...questionCommon,
      type: z.literal('maturity'),
      levels: levels.default([...DEFAULT_MATURITY_LEVELS]),
      translations: translations({
        ...nodeTranslation,
        levels: z
          .array(
            storableText()
              .trim()
              .min(1, leaveOut)
              .max(FRAMEWORK_LIMITS.levelLabel, max(FRAMEWORK_LIMITS.levelLabel)),
          )
          .length(6, 'needs exactly 6 labels, for levels 0 to 5')
          .optional(),
      }),
    }),
    z.object({
      ...questionCommon,
      type: z.literal('single_choice'),
      options,
      translations: choiceTranslations,
    }),
    z.object({
      ...questionCommon,
      type: z.literal('multiple_choice'),
      options,
      translations: choiceTranslations,
    }),
    z.object({
      ...questionCommon,
      type: z.literal('number'),
      unit: unit.default(''),
      bands: z
        .array(NumberBandSchema)
        .min(1, 'needs at least 1 band')
        .max(FRAMEWORK_LIMITS.bandsMax, `at most ${FRAMEWORK_LIMITS.bandsMax} bands`),
      translations: translations({ ...nodeTranslation, unit: unit.min(1, leaveOut).optional() }),
    }),
    z.object({ ...questionCommon, type: z.literal('text'), translations: questionTranslations }),
  ],
  { error: `must be one of: ${QUESTION_TYPES.join(', ')}` },
);
export type Question = z.infer<typeof QuestionSchema>;
export type QuestionInput = z.input<typeof QuestionSchema>;

export interface Section {
  key: string;
  title: string;
  description: string;
  guidance: string;
  weight: number;
  tags: string[];
  /** Default target in [0, 1]; top-level sections only (nested ones inherit). */
  target?: number | null | undefined;
  /** Its title, description and guidance per language besides English (docs/languages.md). */
  translations?: Translations<NodeTranslation> | undefined;
  questions: Question[];
  sections: Section[];
}

/**
 * A section, recursive: never parse outside input with it directly (a deep file overflows the
 * stack); `parseFrameworkDocument` bounds the nesting first.
 */
export const SectionSchema: z.ZodType<Section, unknown> = z
  .lazy(() =>
    z.object({
      ...nodeCommon,
      target: score.nullable().optional(),
      translations: translations(nodeTranslation),
      questions: z.array(QuestionSchema).default([]),
      sections: z.array(SectionSchema).default([]),
    }),
  )
  .meta({ id: 'FrameworkSection' }) as never;

export const FrameworkSourceSchema = z.object({
  publisher: storableText().trim().max(200, max(200)).default(''),
  url: storableText().trim().max(500, max(500)).default(''),
  license: storableText().trim().max(200, max(200)).default(''),
});

const FrameworkDocumentBase = z.object({
  format: z.literal(FRAMEWORK_FORMAT, { error: `must be "${FRAMEWORK_FORMAT}"` }),
  key: FrameworkKeySchema,
  name: storableText()
    .trim()
    .min(1, 'must not be empty')
    .max(FRAMEWORK_LIMITS.name, max(FRAMEWORK_LIMITS.name)),
  summary: storableText()
    .trim()
    .max(FRAMEWORK_LIMITS.summary, max(FRAMEWORK_LIMITS.summary))
    .default(''),
  description: markdown.default(''),
  tags: ContentTagsSchema,
  source: FrameworkSourceSchema.default({ publisher: '', url: '', license: '' }),
  /** Its name, summary and description per language besides English (docs/languages.md). */
  translations: translations({
    name: storableText()
      .trim()
      .min(1, leaveOut)
      .max(FRAMEWORK_LIMITS.name, max(FRAMEWORK_LIMITS.name))
      .optional(),
    summary: storableText()
      .trim()
      .min(1, leaveOut)
      .max(FRAMEWORK_LIMITS.summary, max(FRAMEWORK_LIMITS.summary))
      .optional(),
    description: tMarkdown.optional(),
  }),
  sections: z.array(SectionSchema).default([]),
});

export type { DocumentProblem } from './framework-shape.ts';

/** `['sections', 2, 'questions', 5, 'key']` → `sections[2].questions[5].key`. */
export function formatDocumentPath(path: ReadonlyArray<PropertyKey>): string {
  let out = '';
  for (const part of path) {
    if (typeof part === 'number') out += `[${part}]`;
    else out += out ? `.${String(part)}` : String(part);
  }
  return out || '(document)';
}

/** The rules a single field's schema cannot see: uniqueness, order, nesting. */
function structuralProblems(doc: z.infer<typeof FrameworkDocumentBase>): DocumentProblem[] {
  const problems: DocumentProblem[] = [];
  const seen = new Map<string, string>();
  const claim = (key: string, path: string) => {
    const first = seen.get(key);
    if (first)
      problems.push({ path: `${path}.key`, message: `"${key}" is already used at ${first}` });
    else seen.set(key, path);
  };
  const walk = (sections: Section[], prefix: string, depth: number) => {
    sections.forEach((s, i) => {
      const path = `${prefix}sections[${i}]`;
      claim(s.key, path);
      if (depth > 1 && s.target != null) {
        problems.push({
          path: `${path}.target`,
          message: 'only top-level sections have a target (nested sections inherit it)',
        });
      }
      s.questions.forEach((q, j) => {
        const qp = `${path}.questions[${j}]`;
        claim(q.key, qp);
        if (q.type === 'single_choice' || q.type === 'multiple_choice') {
          const keys = new Set<string>();
          q.options.forEach((o, k) => {
            if (keys.has(o.key)) {
              problems.push({
                path: `${qp}.options[${k}].key`,
                message: `"${o.key}" is already an option`,
              });
            }
            keys.add(o.key);
          });
          for (const [locale, tr] of Object.entries(q.translations ?? {})) {
            for (const key of Object.keys((tr as QuestionTranslation).options ?? {})) {
              if (!keys.has(key)) {
                problems.push({
                  path: `${qp}.translations.${locale}.options.${key}`,
                  message: `the question has no option "${key}"`,
                });
              }
            }
          }
        }
        if (q.type === 'number') {
          q.bands.forEach((b, k) => {
            const prev = q.bands[k - 1];
            if (prev && !(b.min > prev.min)) {
              problems.push({
                path: `${qp}.bands[${k}].min`,
                message: `must be greater than the previous band's min (${prev.min})`,
              });
            }
          });
        }
      });
      walk(s.sections, `${path}.`, depth + 1);
    });
  };
  walk(doc.sections, '', 1);
  return problems;
}

export { documentShapeProblems };

/**
 * The framework document: the file format, a draft, a published version (field rules only).
 * Its sections are recursive: parse input from outside with `parseFrameworkDocument`, which
 * refuses a too deep or too large file before this schema walks it.
 */
export const FrameworkDocumentSchema = FrameworkDocumentBase;
export type FrameworkDocument = z.infer<typeof FrameworkDocumentBase>;

export type ParsedDocument =
  { ok: true; document: FrameworkDocument } | { ok: false; problems: DocumentProblem[] };

/**
 * Validates a whole framework file and returns every problem with its path in the file, or the
 * document in canonical form (defaults filled in). Nesting and size are checked first, without
 * recursion (a file past them is refused on that alone); the structural rules (unique keys,
 * band order, targets) once every field is well-formed. Never throws on input, however deep.
 */
export function parseFrameworkDocument(input: unknown): ParsedDocument {
  const shape = documentShapeProblems(input);
  if (shape.length) return { ok: false, problems: shape };
  const result = FrameworkDocumentSchema.safeParse(input);
  if (!result.success) {
    return {
      ok: false,
      problems: result.error.issues.map((issue) => ({
        path: formatDocumentPath(issue.path),
        message: issue.message,
      })),
    };
  }
  const problems = structuralProblems(result.data);
  return problems.length ? { ok: false, problems } : { ok: true, document: result.data };
}

/** Every question of a document in reading order, with the keys of the sections above it. */
export function listQuestions(
  doc: Pick<FrameworkDocument, 'sections'>,
): Array<{ question: Question; sectionKeys: string[] }> {
  const out: Array<{ question: Question; sectionKeys: string[] }> = [];
  const walk = (sections: Section[], above: string[]) => {
    for (const s of sections) {
      const keys = [...above, s.key];
      for (const q of s.questions) out.push({ question: q, sectionKeys: keys });
      walk(s.sections, keys);
    }
  };
  walk(doc.sections, []);
  return out;
}

export function countQuestions(doc: Pick<FrameworkDocument, 'sections'>): number {
  let n = 0;
  const walk = (sections: Section[]) => {
    for (const s of sections) {
      n += s.questions.length;
      walk(s.sections);
    }
  };
  walk(doc.sections);
  return n;
}
