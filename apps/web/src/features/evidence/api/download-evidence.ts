import { EvidenceDownloadLinkSchema } from '@tenantry/shared';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api.ts';
import { evidenceFilePath } from './evidence-keys.ts';

/**
 * POST …/evidence/{evidenceId}/download-link[?revision=], then go to the signed link: the
 * server answers the bytes as an attachment, so the page stays where it is.
 */
export function useDownloadEvidence(tenantId: string, go: (url: string) => void = navigateTo) {
  return useMutation({
    mutationFn: async ({ evidenceId, revision }: { evidenceId: string; revision?: number }) => {
      const query = revision ? `?revision=${revision}` : '';
      const link = await apiFetch(
        evidenceFilePath(tenantId, evidenceId, `/download-link${query}`),
        {
          method: 'POST',
          schema: EvidenceDownloadLinkSchema,
        },
      );
      go(link.url);
    },
  });
}

function navigateTo(url: string) {
  window.location.assign(url);
}
