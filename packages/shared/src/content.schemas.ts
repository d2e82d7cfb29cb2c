import { z } from 'zod';
import { FrameworkDiffSchema } from './framework-diff.ts';
import { TRANSLATION_LOCALES } from './framework-i18n.ts';
import { UpstreamChangeSchema } from './framework-upstream.ts';
import {
  ContentTagsSchema,
  FRAMEWORK_LIMITS,
  FrameworkDocumentSchema,
  FrameworkKeySchema,
  NodeKeySchema,
} from './frameworks.schemas.ts';
import { storableText } from './text.schemas.ts';

/**
 * Content (docs/content.md): frameworks, playbooks, articles and their images. **Global**
 * content is authored by system admins and read by every account; **private** content by an
 * account's owners and admins and read by its members only. Authoring routes live under
 * `/api/v1/content/*` (drafts included), reading under `/api/v1/library/*` (published only).
 */

export const CONTENT_SCOPES = ['global', 'private'] as const;
export type ContentScope = (typeof CONTENT_SCOPES)[number];
export const ContentScopeSchema = z.enum(CONTENT_SCOPES, {
  error: 'must be "global" or "private"',
});

export const CONTENT_STATUSES = ['draft', 'published'] as const;
export type ContentStatus = (typeof CONTENT_STATUSES)[number];

/** Error codes of this domain (besides the common ones). */
export const CONTENT_ERROR_CODES = {
  /** 404: no such item in the content the caller may see. */
  notFound: 'content.not_found',
  /** 400: a framework document with problems; `fields` maps each path in the file to one. */
  invalidDocument: 'content.invalid_document',
  /** 409: saved on a stale revision; `details.current` is the item as it is now. */
  staleRevision: 'content.stale_revision',
  /** 409: the key is already used in that scope. */
  keyTaken: 'content.key_taken',
  /** 409: the draft is the same as the latest version. */
  nothingToPublish: 'content.nothing_to_publish',
  /** 409: it is published or linked, so it cannot be deleted (archive or unlink it). */
  inUse: 'content.in_use',
  /**
   * 409: a new question of the draft takes a key a published version used for a question
   * (docs/content.md, "Keys are never reused"); `fields` maps each such key's path in the
   * document to the problem, `details.reused` lists them. Say `sameQuestions` to keep it.
   */
  keyReused: 'content.key_reused',
  /** 409: the framework is not a fork of a global framework (docs/content.md, "Forks"). */
  notAFork: 'content.not_a_fork',
  /**
   * 409: the upstream version asked for is not newer than the one the fork is synced to, or
   * the upstream published another one meanwhile (`details.latestVersion`).
   */
  upstreamVersion: 'content.upstream_version',
} as const;

const revision = z.number().int().min(1).max(2_147_483_647);

export const ContentListQuerySchema = z.object({
  q: storableText().trim().max(200).optional(),
  scope: ContentScopeSchema.optional(),
  tag: storableText().trim().toLowerCase().max(FRAMEWORK_LIMITS.tag).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
  offset: z.coerce.number().int().min(0).max(10_000).default(0),
});
export type ContentListQuery = z.infer<typeof ContentListQuerySchema>;

const personName = z.string().nullable();

// ---------------------------------------------------------------------------------------------
// Frameworks
// ---------------------------------------------------------------------------------------------

export const FrameworkVersionInfoSchema = z.object({
  version: z.number().int(),
  releaseNotes: z.string(),
  publishedAt: z.string(),
  publishedBy: personName,
  questionCount: z.number().int(),
});
export type FrameworkVersionInfo = z.infer<typeof FrameworkVersionInfoSchema>;

export const FrameworkSummarySchema = z.object({
  id: z.string(),
  key: z.string(),
  scope: ContentScopeSchema,
  name: z.string(),
  summary: z.string(),
  tags: z.array(z.string()),
  /** Latest published version number; null before the first publish. */
  latestVersion: z.number().int().nullable(),
  publishedAt: z.string().nullable(),
  /** Questions of the latest version (of the draft before the first publish). */
  questionCount: z.number().int(),
  /** The draft differs from the latest version. */
  hasDraftChanges: z.boolean(),
  archivedAt: z.string().nullable(),
  updatedAt: z.string(),
});
export type FrameworkSummary = z.infer<typeof FrameworkSummarySchema>;

export const FrameworkListSchema = z.object({
  items: z.array(FrameworkSummarySchema),
  total: z.number().int(),
});
export type FrameworkList = z.infer<typeof FrameworkListSchema>;

/** One language of a framework: what lacks it (`missingTranslations` in framework-i18n.ts). */
export const MissingTranslationsSchema = z.object({
  locale: z.enum(TRANSLATION_LOCALES),
  /** How many texts lack it. */
  count: z.number().int(),
  /** The items lacking it, in reading order (at most 200): key (`@framework`) and fields. */
  items: z.array(z.object({ key: z.string(), fields: z.array(z.string()) })),
});

export const FrameworkDetailSchema = FrameworkSummarySchema.extend({
  draft: FrameworkDocumentSchema,
  /** Send it back with the next save; a save on an older one answers 409. */
  draftRevision: z.number().int(),
  draftUpdatedAt: z.string(),
  draftUpdatedBy: personName,
  versions: z.array(FrameworkVersionInfoSchema),
  /**
   * Every section and question key a published version used, with its title in the latest
   * version that has it. A new node is never given one of these (docs/content.md).
   */
  usedKeys: z.array(
    z.object({
      key: z.string(),
      kind: z.enum(['section', 'question']),
      title: z.string(),
      version: z.number().int(),
    }),
  ),
  /**
   * A fork (docs/content.md, "Forks"): the global framework it was forked from, the upstream
   * version its draft is synced to, and the upstream's latest version. Null otherwise.
   */
  upstream: z
    .object({
      id: z.string(),
      key: z.string(),
      name: z.string(),
      syncedVersion: z.number().int(),
      latestVersion: z.number().int(),
    })
    .nullable(),
  /**
   * The draft's languages besides English (docs/languages.md), each with the texts that lack it
   * and show in English: warnings (an import's report), never errors. Empty for a framework in
   * English only.
   */
  translations: z.array(MissingTranslationsSchema),
});
export type FrameworkDetail = z.infer<typeof FrameworkDetailSchema>;
export type UsedKey = FrameworkDetail['usedKeys'][number];

/** One question of a draft refused by `content.key_reused` (`details.reused`). */
export const ReusedKeySchema = z.object({
  key: z.string(),
  /** Where the question is in the document: `sections[1].questions[4].key`. */
  path: z.string(),
  /** The latest published version that used the key, and the question's title there. */
  version: z.number().int(),
  title: z.string(),
});
export type ReusedKey = z.infer<typeof ReusedKeySchema>;

export const CreateFrameworkSchema = z.object({
  scope: ContentScopeSchema,
  key: FrameworkKeySchema,
  name: storableText()
    .trim()
    .min(1, 'Give the framework a name.')
    .max(FRAMEWORK_LIMITS.name, `A name has at most ${FRAMEWORK_LIMITS.name} characters.`),
});
export type CreateFramework = z.infer<typeof CreateFrameworkSchema>;

/** A whole framework file: validated by the server with every problem's path in the file. */
const documentInput = z
  .unknown()
  .describe(
    'A framework document (FrameworkDocument, format tenantry.framework/1); the server validates it and answers every problem with its path in the file.',
  );

export const ImportFrameworkSchema = z.object({
  scope: ContentScopeSchema,
  document: documentInput,
});

export const SaveDraftSchema = z.object({
  revision,
  document: documentInput,
  /**
   * Keys of questions new to the draft that the author says are the same question a published
   * version had under that key (its answers may follow). Without it, such a key answers 409
   * `content.key_reused`.
   */
  sameQuestions: z
    .array(NodeKeySchema)
    .max(FRAMEWORK_LIMITS.questions, `at most ${FRAMEWORK_LIMITS.questions} keys`)
    .default([]),
});
export type SaveDraft = z.input<typeof SaveDraftSchema>;

export const PublishFrameworkSchema = z.object({
  revision,
  releaseNotes: storableText()
    .trim()
    .min(1, 'Say what changed in this version.')
    .max(FRAMEWORK_LIMITS.releaseNotes, `At most ${FRAMEWORK_LIMITS.releaseNotes} characters.`),
});
export type PublishFramework = z.infer<typeof PublishFrameworkSchema>;

export const DiscardDraftSchema = z.object({ revision });

/** Fork a global framework's latest version into the account's private library. */
export const ForkFrameworkSchema = z.object({
  /** The fork's key (default: the upstream's); unique among the account's frameworks. */
  key: FrameworkKeySchema.optional(),
  name: storableText()
    .trim()
    .min(1, 'Give the framework a name.')
    .max(FRAMEWORK_LIMITS.name, `A name has at most ${FRAMEWORK_LIMITS.name} characters.`)
    .optional(),
});
export type ForkFramework = z.infer<typeof ForkFrameworkSchema>;

/** The upstream's changes since the version the fork's draft is synced to. */
export const FrameworkUpstreamSchema = z.object({
  upstreamId: z.string(),
  upstreamName: z.string(),
  syncedVersion: z.number().int(),
  /** The upstream's latest version: the changes lead from `syncedVersion` to it. */
  toVersion: z.number().int(),
  /** The draft revision the comparison was made on (send it back when taking changes). */
  draftRevision: z.number().int(),
  changes: z.array(UpstreamChangeSchema),
});
export type FrameworkUpstream = z.infer<typeof FrameworkUpstreamSchema>;

/**
 * Take upstream changes into the draft and record `toVersion` as synced. Changes not listed
 * are skipped (declined); `keep` says, where the fork has its own edit, which side to keep.
 */
export const TakeUpstreamSchema = z.object({
  revision,
  toVersion: z.number().int().min(1).max(1_000_000),
  take: z
    .array(
      z.object({
        id: storableText()
          .min(1)
          .max(FRAMEWORK_LIMITS.key + 1),
        keep: z.enum(['mine', 'upstream']).default('mine'),
      }),
    )
    .max(FRAMEWORK_LIMITS.questions * 2, `at most ${FRAMEWORK_LIMITS.questions * 2} changes`)
    .default([]),
});
export type TakeUpstream = z.infer<typeof TakeUpstreamSchema>;

/** `version=3`, or `draft` (authoring only). */
export const VersionRefSchema = z.union([
  z.literal('draft'),
  z.coerce.number().int().min(1).max(1_000_000),
]);
export type VersionRef = z.infer<typeof VersionRefSchema>;

export const DiffQuerySchema = z.object({ from: VersionRefSchema, to: VersionRefSchema });
export const ExportQuerySchema = z.object({ version: VersionRefSchema.default('draft') });
export const FrameworkVersionParamsSchema = z.object({
  id: storableText().min(1).max(100),
  version: z.coerce.number().int().min(1).max(1_000_000),
});

export const FrameworkVersionSchema = FrameworkVersionInfoSchema.extend({
  frameworkId: z.string(),
  scope: ContentScopeSchema,
  document: FrameworkDocumentSchema,
});
export type FrameworkVersion = z.infer<typeof FrameworkVersionSchema>;

export { FrameworkDiffSchema };

// ---------------------------------------------------------------------------------------------
// Playbooks
// ---------------------------------------------------------------------------------------------

export const PLAYBOOK_FORMAT = 'tenantry.playbook/1';
export const PLAYBOOK_PRIORITIES = ['low', 'medium', 'high', 'critical'] as const;
export type PlaybookPriority = (typeof PLAYBOOK_PRIORITIES)[number];
export const STEP_EFFORTS = ['S', 'M', 'L'] as const;
export type StepEffort = (typeof STEP_EFFORTS)[number];
export const STEP_EFFORT_LABELS: Record<StepEffort, string> = {
  S: 'Small (hours)',
  M: 'Medium (days)',
  L: 'Large (weeks)',
};

export const CONTENT_LIMITS = {
  title: 200,
  summary: 500,
  body: 100_000,
  stepBody: 20_000,
  steps: 50,
  ownerRole: 80,
} as const;

const contentTitle = storableText()
  .trim()
  .min(1, 'Give it a title.')
  .max(CONTENT_LIMITS.title, `A title has at most ${CONTENT_LIMITS.title} characters.`);
const contentSummary = storableText()
  .trim()
  .max(CONTENT_LIMITS.summary, `A summary has at most ${CONTENT_LIMITS.summary} characters.`)
  .default('');

export const PlaybookStepSchema = z.object({
  title: storableText()
    .trim()
    .min(1, 'Give the step a title.')
    .max(CONTENT_LIMITS.title, `At most ${CONTENT_LIMITS.title} characters.`),
  body: storableText()
    .max(CONTENT_LIMITS.stepBody, `At most ${CONTENT_LIMITS.stepBody} characters.`)
    .default(''),
  effort: z.enum(STEP_EFFORTS, { error: 'must be S, M or L' }).default('M'),
  ownerRole: storableText()
    .trim()
    .max(CONTENT_LIMITS.ownerRole, `At most ${CONTENT_LIMITS.ownerRole} characters.`)
    .default(''),
});
export type PlaybookStep = z.infer<typeof PlaybookStepSchema>;

/** What an author edits (and the body of a shipped playbook file besides format and key). */
export const PlaybookContentSchema = z.object({
  title: contentTitle,
  summary: contentSummary,
  priority: z
    .enum(PLAYBOOK_PRIORITIES, { error: 'must be low, medium, high or critical' })
    .default('medium'),
  tags: ContentTagsSchema,
  steps: z
    .array(PlaybookStepSchema)
    .max(CONTENT_LIMITS.steps, `At most ${CONTENT_LIMITS.steps} steps.`)
    .default([]),
});
export type PlaybookContent = z.infer<typeof PlaybookContentSchema>;

export const PlaybookFileSchema = PlaybookContentSchema.extend({
  format: z.literal(PLAYBOOK_FORMAT),
  key: FrameworkKeySchema,
});

export const ArticleFileFormat = 'tenantry.article/1';

const itemMeta = {
  id: z.string(),
  key: z.string(),
  scope: ContentScopeSchema,
  status: z.enum(CONTENT_STATUSES),
  revision: z.number().int(),
  publishedAt: z.string().nullable(),
  updatedAt: z.string(),
  updatedBy: personName,
};

export const PlaybookSchema = PlaybookContentSchema.extend(itemMeta);
export type Playbook = z.infer<typeof PlaybookSchema>;

export const PlaybookSummarySchema = z.object({
  ...itemMeta,
  title: z.string(),
  summary: z.string(),
  priority: z.enum(PLAYBOOK_PRIORITIES),
  tags: z.array(z.string()),
  stepCount: z.number().int(),
});
export type PlaybookSummary = z.infer<typeof PlaybookSummarySchema>;

export const PlaybookListSchema = z.object({
  items: z.array(PlaybookSummarySchema),
  total: z.number().int(),
});
export type PlaybookList = z.infer<typeof PlaybookListSchema>;

export const CreateItemSchema = z.object({
  scope: ContentScopeSchema,
  key: FrameworkKeySchema,
  title: contentTitle,
});
export type CreateItem = z.infer<typeof CreateItemSchema>;

export const SavePlaybookSchema = PlaybookContentSchema.extend({ revision });
export type SavePlaybook = z.infer<typeof SavePlaybookSchema>;

export const RevisionSchema = z.object({ revision });

// ---------------------------------------------------------------------------------------------
// Articles
// ---------------------------------------------------------------------------------------------

export const ArticleContentSchema = z.object({
  title: contentTitle,
  summary: contentSummary,
  tags: ContentTagsSchema,
  body: storableText()
    .max(CONTENT_LIMITS.body, `At most ${CONTENT_LIMITS.body} characters.`)
    .default(''),
});
export type ArticleContent = z.infer<typeof ArticleContentSchema>;

export const ArticleFileSchema = ArticleContentSchema.extend({
  format: z.literal(ArticleFileFormat),
  key: FrameworkKeySchema,
});

export const ArticleSchema = ArticleContentSchema.extend(itemMeta);
export type Article = z.infer<typeof ArticleSchema>;

export const ArticleSummarySchema = z.object({
  ...itemMeta,
  title: z.string(),
  summary: z.string(),
  tags: z.array(z.string()),
});
export type ArticleSummary = z.infer<typeof ArticleSummarySchema>;

export const ArticleListSchema = z.object({
  items: z.array(ArticleSummarySchema),
  total: z.number().int(),
});
export type ArticleList = z.infer<typeof ArticleListSchema>;

export const SaveArticleSchema = ArticleContentSchema.extend({ revision });
export type SaveArticle = z.infer<typeof SaveArticleSchema>;

// ---------------------------------------------------------------------------------------------
// Library (explore): published content only
// ---------------------------------------------------------------------------------------------

export const LibraryFrameworkSchema = FrameworkSummarySchema.omit({
  hasDraftChanges: true,
  archivedAt: true,
}).extend({
  /** Questions or sections whose key or title matched `q` (at most 5). */
  matches: z.array(z.object({ key: z.string(), title: z.string() })),
});
export type LibraryFramework = z.infer<typeof LibraryFrameworkSchema>;

export const LibraryFrameworkListSchema = z.object({
  items: z.array(LibraryFrameworkSchema),
  total: z.number().int(),
});
export type LibraryFrameworkList = z.infer<typeof LibraryFrameworkListSchema>;

export const LinkedPlaybookSchema = z.object({
  key: z.string(),
  id: z.string(),
  title: z.string(),
  priority: z.enum(PLAYBOOK_PRIORITIES),
});
export type LinkedPlaybook = z.infer<typeof LinkedPlaybookSchema>;

export const LibraryFrameworkDetailSchema = FrameworkVersionSchema.extend({
  name: z.string(),
  versions: z.array(FrameworkVersionInfoSchema),
  /** The published playbooks its questions link to, by key (links to others are not shown). */
  playbooks: z.array(LinkedPlaybookSchema),
});
export type LibraryFrameworkDetail = z.infer<typeof LibraryFrameworkDetailSchema>;

export const LibraryVersionQuerySchema = z.object({
  version: z.coerce.number().int().min(1).max(1_000_000).optional(),
});
