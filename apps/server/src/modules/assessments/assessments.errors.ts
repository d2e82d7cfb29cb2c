/**
 * The errors every part of an assessment answers with: the assessment is not there (another
 * account's is not found either, ADR 0005), or it is completed and its answers are locked.
 */
import { ASSESSMENT_ERROR_CODES } from '@tenantry/shared';
import { AppError } from '../../lib/errors.ts';

export const assessmentNotFound = () =>
  new AppError(ASSESSMENT_ERROR_CODES.notFound, 404, 'There is no such assessment.');

export const lockedError = () =>
  new AppError(
    ASSESSMENT_ERROR_CODES.locked,
    409,
    'This assessment is completed, so its answers are locked. Reopen it to change them.',
  );
