import type { VersionRef } from '@tenantry/shared';

/**
 * GET /api/v1/content/frameworks/{id}/export?version: the document as a file download
 * (`<key>-v3.json`, or the saved draft). A plain link: the browser downloads it.
 */
export function frameworkExportUrl(id: string, version: VersionRef): string {
  return `/api/v1/content/frameworks/${encodeURIComponent(id)}/export?version=${encodeURIComponent(String(version))}`;
}
