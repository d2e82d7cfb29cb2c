import { z } from '@hono/zod-openapi';
import {
  ASSESSMENT_ERROR_CODES,
  RESPONDENT_LINK_FAILURE_LIMIT,
  RESPONDENT_TOKEN_HEADER,
  storableText,
} from '@tenantry/shared';
import { authenticateBeforeRefusingInput, limitFailuresByAddress } from '../../../auth/guards.ts';
import { AppError } from '../../../lib/errors.ts';
import { errorResponse } from '../../../lib/openapi.ts';
import { respondentByToken } from './respond.service.ts';

export const RESPOND_TAGS = ['respond'];
export const headers = z.object({
  [RESPONDENT_TOKEN_HEADER]: storableText()
    .max(200)
    .optional()
    .openapi({ description: 'The token of the respondent’s link' }),
});
export const linkRefused = errorResponse(
  'The link is not valid (`respondent.link_invalid`), has expired (`respondent.link_expired`) or was revoked (`respondent.link_revoked`)',
);
export const privateAnswer = { 'cache-control': 'no-store', 'referrer-policy': 'no-referrer' };

/**
 * The guard of every respondent route. The token is checked by each route itself (for a write,
 * in the same statement as the write's read), so a valid request pays for nothing here; around
 * that:
 * - authentication before validation: input refused (400) is answered so only to a valid
 *   token; without one the link's refusal (401) is the answer;
 * - failed look-ups (`respondent.link_invalid`) are counted per client address, in the
 *   database; past RESPONDENT_LINK_FAILURE_LIMIT they answer 429 with Retry-After. A valid
 *   token is never counted nor refused by it.
 */
export const respondentGuard = [
  limitFailuresByAddress(
    'respondent.link',
    RESPONDENT_LINK_FAILURE_LIMIT,
    (err) => err instanceof AppError && err.code === ASSESSMENT_ERROR_CODES.linkInvalid,
  ),
  authenticateBeforeRefusingInput((c) =>
    respondentByToken(c.var.deps.db, c.req.header(RESPONDENT_TOKEN_HEADER)),
  ),
];
export const tooManyFailures = errorResponse(
  `More than ${RESPONDENT_LINK_FAILURE_LIMIT.max} failed link look-ups from this address in ${RESPONDENT_LINK_FAILURE_LIMIT.windowSeconds} s (\`common.rate_limited\`, see Retry-After); a valid link is never refused by it`,
);
