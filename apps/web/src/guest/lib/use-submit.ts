import { useCallback, useRef, useState } from 'react';
import type { ApiResult } from './api.ts';

type Refusal = Extract<ApiResult<unknown>, { ok: false }>;

/**
 * One request a form sends: `busy` while it runs, the last refusal in `error`. A second submit
 * while one runs is ignored.
 */
export function useSubmit<A extends unknown[], T>(send: (...args: A) => Promise<ApiResult<T>>) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<Refusal | null>(null);
  const running = useRef(false);
  const run = useCallback(
    async (...args: A): Promise<ApiResult<T> | null> => {
      if (running.current) return null;
      running.current = true;
      setBusy(true);
      setError(null);
      try {
        const res = await send(...args);
        if (!res.ok) setError(res);
        return res;
      } finally {
        running.current = false;
        setBusy(false);
      }
    },
    [send],
  );
  return { busy, error, run, reset: useCallback(() => setError(null), []) };
}
