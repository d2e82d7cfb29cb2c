import { useEffect, useState } from 'react';
import { request, type ApiResult } from './api.ts';
import { API, type InvitationPreview } from './contract.ts';

/** GET /api/v1/invitations/by-token/{token} (public); null while it loads or without a token. */
export function useInvitation(token: string | null): ApiResult<InvitationPreview> | null {
  const [result, setResult] = useState<{
    token: string;
    res: ApiResult<InvitationPreview>;
  } | null>(null);
  useEffect(() => {
    if (!token) return;
    const ctrl = new AbortController();
    void request<InvitationPreview>(API.invitation(token), { signal: ctrl.signal }).then(
      (res) => !ctrl.signal.aborted && setResult({ token, res }),
    );
    return () => ctrl.abort();
  }, [token]);
  return token && result?.token === token ? result.res : null;
}
