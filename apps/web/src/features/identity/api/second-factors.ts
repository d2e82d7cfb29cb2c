import {
  SecondFactorPolicySchema,
  SecondFactorStatusSchema,
  type PasskeyInfo,
} from '@tenantry/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api.ts';
import { ME_QUERY_KEY } from '#web/lib/query-client.ts';
import { authFetch } from './auth-fetch.ts';

export const identityKeys = {
  all: ['second-factors'] as const,
  status: () => [...identityKeys.all, 'status'] as const,
  policy: () => [...identityKeys.all, 'policy'] as const,
};

/** GET /api/v1/me/second-factors */
export function useSecondFactors() {
  return useQuery({
    queryKey: identityKeys.status(),
    queryFn: ({ signal }) =>
      apiFetch('/api/v1/me/second-factors', { schema: SecondFactorStatusSchema, signal }),
  });
}

/** After a change of one's factors: the status, and the claims (`secondFactor`). */
function useRefresh() {
  const qc = useQueryClient();
  return async () => {
    await Promise.all([
      qc.invalidateQueries({ queryKey: identityKeys.all }),
      qc.invalidateQueries({ queryKey: ME_QUERY_KEY }),
    ]);
  };
}

export interface TotpSetup {
  totpURI: string;
  backupCodes: string[];
}

/** POST /api/auth/two-factor/enable: the password; answers the authenticator URI and codes. */
export function useStartTotp() {
  return useMutation({
    mutationFn: (password: string) =>
      authFetch<TotpSetup>('/two-factor/enable', { body: { password } }),
  });
}

/** POST /api/auth/two-factor/verify-totp: the app's first code turns it on. */
export function useConfirmTotp() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (code: string) => authFetch('/two-factor/verify-totp', { body: { code } }),
    onSuccess: refresh,
  });
}

/** POST /api/auth/two-factor/disable (password). */
export function useDisableTotp() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (password: string) => authFetch('/two-factor/disable', { body: { password } }),
    onSuccess: refresh,
  });
}

/** POST /api/auth/two-factor/generate-backup-codes (password): new codes, the old ones void. */
export function useNewBackupCodes() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (password: string) =>
      authFetch<{ backupCodes: string[] }>('/two-factor/generate-backup-codes', {
        body: { password },
      }),
    onSuccess: refresh,
  });
}

/**
 * Registers a passkey: Better Auth's options, this device's authenticator (the browser's
 * WebAuthn prompt, @simplewebauthn/browser, loaded when needed), then Better Auth's check.
 */
export function useAddPasskey() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async (name: string) => {
      const { startRegistration } = await import('@simplewebauthn/browser');
      const optionsJSON = await authFetch<Parameters<typeof startRegistration>[0]['optionsJSON']>(
        '/passkey/generate-register-options',
      );
      const response = await startRegistration({ optionsJSON });
      return authFetch<PasskeyInfo>('/passkey/verify-registration', {
        body: { response, ...(name ? { name } : {}) },
      });
    },
    onSuccess: refresh,
  });
}

/** POST /api/auth/passkey/delete-passkey */
export function useDeletePasskey() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: string) => authFetch('/passkey/delete-passkey', { body: { id } }),
    onSuccess: refresh,
  });
}

/** GET /api/v1/account/second-factor-policy (owners). */
export function useSecondFactorPolicy(enabled: boolean) {
  return useQuery({
    queryKey: identityKeys.policy(),
    queryFn: ({ signal }) =>
      apiFetch('/api/v1/account/second-factor-policy', {
        schema: SecondFactorPolicySchema,
        signal,
      }),
    enabled,
  });
}

/** PUT /api/v1/account/second-factor-policy (owners). */
export function useSetSecondFactorPolicy() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (required: boolean) =>
      apiFetch('/api/v1/account/second-factor-policy', {
        method: 'PUT',
        body: { required },
        schema: SecondFactorPolicySchema,
      }),
    onSuccess: async (data) => {
      qc.setQueryData(identityKeys.policy(), data);
      await qc.invalidateQueries({ queryKey: ME_QUERY_KEY });
    },
  });
}
