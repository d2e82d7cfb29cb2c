import { AccountSchema, ErrorBodySchema, type Account } from '@tenantry/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '#web/lib/api.ts';
import { t } from '../messages.ts';
import { accountKeys } from './account-keys.ts';

/** PUT /api/v1/account/logo with the file as the raw body (the server checks its content). */
export async function uploadLogo(file: Blob): Promise<Account> {
  let res: Response;
  try {
    res = await fetch('/api/v1/account/logo', {
      method: 'PUT',
      body: file,
      credentials: 'same-origin',
      headers: { Accept: 'application/json', 'Content-Type': 'application/octet-stream' },
    });
  } catch {
    throw new ApiError(0, 'common.network', t('logo.error.network'));
  }
  const body: unknown = await res.json().catch(() => null);
  if (!res.ok) {
    const parsed = ErrorBodySchema.safeParse(body);
    if (parsed.success) {
      const { code, message, fields } = parsed.data.error;
      throw new ApiError(res.status, code, message, fields ?? {});
    }
    throw new ApiError(
      res.status,
      res.status === 413 ? 'account.logo_too_large' : 'common.bad_request',
      res.status === 413 ? t('logo.error.tooLarge') : t('logo.error.failed'),
    );
  }
  return AccountSchema.parse(body);
}

export function useUploadLogo() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: uploadLogo,
    onSuccess: (account) => {
      qc.setQueryData(accountKeys.current(), account);
      // The brand shows the logo too.
      void qc.invalidateQueries({ queryKey: accountKeys.brand() });
    },
  });
}
