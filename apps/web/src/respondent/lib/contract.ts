/**
 * The respondent API as this page uses it. Types come from the shared contract; the few
 * constants are repeated here with their type taken from the contract (a change there fails the
 * type check here), because importing a value from `assessments.schemas.ts` would bring zod and
 * every schema of that file into the page (its budget is 120 KB of gzipped JavaScript).
 */
import type {
  ASSESSMENT_ERROR_CODES,
  RespondentLocaleInput,
  RESPONDENT_TOKEN_HEADER,
  RespondentAnswer,
  RespondentAnswerInput,
  RespondentSession,
  RespondentWriteResult,
} from '@tenantry/shared/assessments.schemas';
import type { CarriedAnswer, CarriedState } from '@tenantry/shared/carried.schemas';
import type { COMMON_ERROR_CODES } from '@tenantry/shared/errors';
import type {
  EVIDENCE_ERROR_CODES,
  EVIDENCE_LIMITS,
  EvidenceFile,
} from '@tenantry/shared/evidence.schemas';
import type { STORAGE_ERROR_CODES } from '@tenantry/shared/storage.schemas';
import type { FrameworkDocument, Question, Section } from '@tenantry/shared/frameworks.schemas';
import type { RespondentReminders } from '@tenantry/shared/reminders.schemas';

export type {
  CarriedAnswer,
  CarriedState,
  EvidenceFile,
  FrameworkDocument,
  Question,
  RespondentAnswer,
  RespondentAnswerInput,
  RespondentLocaleInput,
  RespondentReminders,
  RespondentSession,
  RespondentWriteResult,
  Section,
};

export const TOKEN_HEADER: typeof RESPONDENT_TOKEN_HEADER = 'x-respondent-token';

type Codes = typeof ASSESSMENT_ERROR_CODES;

export const LINK_CODES = {
  linkInvalid: 'respondent.link_invalid',
  linkExpired: 'respondent.link_expired',
  linkRevoked: 'respondent.link_revoked',
} as const satisfies Pick<Codes, 'linkInvalid' | 'linkExpired' | 'linkRevoked'>;

/** Why a link does not (or no longer) work: the server's 401 codes. */
export type LinkCode = (typeof LINK_CODES)[keyof typeof LINK_CODES];

export const WRITE_CODES = {
  locked: 'assessments.locked',
  submitted: 'respondent.submitted',
  invalidAnswer: 'assessments.invalid_answer',
  questionNotFound: 'assessments.question_not_found',
} as const satisfies Pick<Codes, 'locked' | 'submitted' | 'invalidAnswer' | 'questionNotFound'>;

/** The other codes the page says in its own words (lib/errors.ts). */
export const OTHER_CODES = {
  rateLimited: 'common.rate_limited',
  fileEmpty: 'evidence.empty',
  fileType: 'evidence.type_not_allowed',
  fileUnsafe: 'evidence.unsafe_file',
  fileName: 'evidence.bad_name',
  tooManyFiles: 'evidence.too_many_files',
  fileNotFound: 'evidence.not_found',
  filesClosed: 'evidence.assessment_closed',
  fileTooLarge: 'storage.file_too_large',
} as const satisfies {
  rateLimited: (typeof COMMON_ERROR_CODES)['rateLimited'];
  fileEmpty: (typeof EVIDENCE_ERROR_CODES)['empty'];
  fileType: (typeof EVIDENCE_ERROR_CODES)['typeNotAllowed'];
  fileUnsafe: (typeof EVIDENCE_ERROR_CODES)['unsafeFile'];
  fileName: (typeof EVIDENCE_ERROR_CODES)['badName'];
  tooManyFiles: (typeof EVIDENCE_ERROR_CODES)['tooManyFiles'];
  fileNotFound: (typeof EVIDENCE_ERROR_CODES)['notFound'];
  filesClosed: (typeof EVIDENCE_ERROR_CODES)['assessmentClosed'];
  fileTooLarge: (typeof STORAGE_ERROR_CODES)['fileTooLarge'];
};

export function isLinkCode(code: unknown): code is LinkCode {
  return Object.values(LINK_CODES).includes(code as LinkCode);
}

export const API = {
  session: '/api/v1/respond',
  answer: (questionKey: string) => `/api/v1/respond/answers/${encodeURIComponent(questionKey)}`,
  submit: '/api/v1/respond/submit',
  locale: '/api/v1/respond/locale',
  reminders: '/api/v1/respond/reminders',
  evidence: '/api/v1/respond/evidence',
  answerEvidence: (questionKey: string, evidenceId?: string) =>
    `/api/v1/respond/answers/${encodeURIComponent(questionKey)}/evidence${
      evidenceId ? `/${encodeURIComponent(evidenceId)}` : ''
    }`,
  evidenceDownload: (evidenceId: string) =>
    `/api/v1/respond/evidence/${encodeURIComponent(evidenceId)}/download-link`,
} as const;

/** Evidence (docs/evidence.md): the largest file and the most files an answer holds. */
export const EVIDENCE = {
  maxBytes: 26214400,
  filesPerAnswer: 10,
} as const satisfies Pick<typeof EVIDENCE_LIMITS, 'maxBytes' | 'filesPerAnswer'>;

/**
 * The file picker's `accept`: images first (a phone offers its camera), then the other types
 * evidence may be (the server decides by the bytes).
 */
export const EVIDENCE_ACCEPT =
  'image/*,application/pdf,.pdf,.docx,.xlsx,.pptx,.odt,.ods,.odp,.csv,text/csv,.txt,text/plain';

/** What the service worker adds to a `GET /api/v1/respond` it answered from its cache. */
export const FROM_CACHE_HEADER = 'x-tenantry-from-cache';

/** An answer's value as the page holds it: yes/partial/no or an option key, a number, keys. */
export type AnswerValue = string | number | string[];

/** What one write says about a question: the value (null clears it), N/A and the note. */
export interface AnswerFields {
  value: AnswerValue | null;
  na: boolean;
  note: string;
}

/** The server's error body: `{ error: { code, message } }`; null when the body is not one. */
export async function readError(res: Response): Promise<{ code: string; message: string } | null> {
  try {
    const body = (await res.json()) as { error?: { code?: unknown; message?: unknown } };
    const e = body.error;
    if (e && typeof e.code === 'string')
      return { code: e.code, message: typeof e.message === 'string' ? e.message : '' };
  } catch {
    // not JSON
  }
  return null;
}
