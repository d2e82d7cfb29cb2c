import { EVIDENCE_LIMITS, type EvidenceFile, type EvidencePatch } from '@tenantry/shared';
import { z } from 'zod';
import { t } from '../messages.ts';

const day = /^\d{4}-\d{2}-\d{2}$/;

/** No path separators, no control characters (the server refuses them: evidence.bad_name). */
const plainName = (n: string) =>
  ![...n].some((c) => c === '/' || c === '\\' || c.charCodeAt(0) < 0x20 || c === '\u007f');

/** The edit form of a file: its name, effective date and optional expiry ('' for none). */
export const EvidenceEditFormSchema = z
  .object({
    name: z
      .string()
      .trim()
      .min(1, { error: () => t('edit.name.required') })
      .max(EVIDENCE_LIMITS.nameMaxLength, {
        error: () => t('edit.name.tooLong', { max: EVIDENCE_LIMITS.nameMaxLength }),
      })
      .refine(plainName, { error: () => t('edit.name.plain') }),
    effectiveOn: z.string().regex(day, { error: () => t('edit.effectiveOn.invalid') }),
    expiresOn: z
      .string()
      .refine((d) => d === '' || day.test(d), { error: () => t('edit.expiresOn.invalid') }),
  })
  .refine((v) => v.expiresOn === '' || v.expiresOn >= v.effectiveOn, {
    path: ['expiresOn'],
    error: () => t('edit.expiresOn.beforeEffective'),
  });
export type EvidenceEditForm = z.infer<typeof EvidenceEditFormSchema>;

export const editFormOf = (f: EvidenceFile): EvidenceEditForm => ({
  name: f.name,
  effectiveOn: f.effectiveOn,
  expiresOn: f.expiresOn ?? '',
});

/** The PATCH of the form's values on the file as read (`version`). */
export const patchOf = (v: EvidenceEditForm, version: number): EvidencePatch => ({
  name: v.name.trim(),
  effectiveOn: v.effectiveOn,
  expiresOn: v.expiresOn === '' ? null : v.expiresOn,
  version,
});
