import { EVIDENCE_CONTENT_TYPES } from '@tenantry/shared';

/**
 * The file picker's `accept`: `image/*` first (a phone then offers its camera), the accepted
 * types, and their usual extensions (some systems know a CSV or a Word file only by its name).
 * The server decides by the bytes whatever the picker allowed.
 */
export const EVIDENCE_ACCEPT = [
  'image/*',
  ...EVIDENCE_CONTENT_TYPES,
  '.pdf',
  '.docx',
  '.xlsx',
  '.pptx',
  '.odt',
  '.ods',
  '.odp',
  '.csv',
  '.txt',
].join(',');
