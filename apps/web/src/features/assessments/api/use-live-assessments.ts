import { LiveEventSchema } from '@tenantry/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { LiveBatch, type LiveChanges } from '../lib/live-batch.ts';
import { assessmentKeys } from './assessment-keys.ts';

/** At most one round of refetches per this long, however many events arrive. */
export const LIVE_INVALIDATE_MS = 500;
/** After the server refused the stream (signed out, no access), try again this much later. */
const REOPEN_MS = 15_000;

export interface LiveAssessments {
  /** The stream is open (false while connecting or after it failed). */
  connected: boolean;
}

/**
 * Live progress of a client tenant's assessments: GET /api/v1/tenants/{tenantId}/live
 * (Server-Sent Events; the browser reconnects with Last-Event-ID itself). Each event names an
 * assessment: its detail (with its histories and respondents) and the lists are invalidated,
 * gathered into at most one round per LIVE_INVALIDATE_MS. `onChange` hears the same rounds.
 */
export function useLiveAssessments(
  tenantId: string,
  onChange?: (changes: LiveChanges) => void,
): LiveAssessments {
  const qc = useQueryClient();
  const [connected, setConnected] = useState(false);
  const listener = useRef(onChange);
  useEffect(() => {
    listener.current = onChange;
  });

  useEffect(() => {
    if (!tenantId || typeof EventSource === 'undefined') return;
    const url = `/api/v1/tenants/${encodeURIComponent(tenantId)}/live`;
    const batch = new LiveBatch((changes) => {
      void qc.invalidateQueries({ queryKey: assessmentKeys.lists(tenantId) });
      for (const id of changes.keys()) {
        void qc.invalidateQueries({ queryKey: assessmentKeys.detail(tenantId, id) });
      }
      listener.current?.(changes);
    }, LIVE_INVALIDATE_MS);
    let source: EventSource | null = null;
    let reopen: ReturnType<typeof setTimeout> | null = null;
    let stopped = false;

    const open = (afterGap: boolean) => {
      const es = new EventSource(url);
      source = es;
      es.onopen = () => {
        setConnected(true);
        // A new stream starts from now: what happened while there was none is read again.
        if (afterGap) void qc.invalidateQueries({ queryKey: assessmentKeys.tenant(tenantId) });
        afterGap = false;
      };
      es.onerror = () => {
        setConnected(false);
        if (es.readyState === EventSource.CLOSED && !stopped) {
          es.close();
          reopen = setTimeout(() => open(true), REOPEN_MS);
        }
      };
      es.addEventListener('assessment', (e) => {
        let data: unknown;
        try {
          data = JSON.parse((e as MessageEvent<string>).data);
        } catch {
          return;
        }
        const parsed = LiveEventSchema.safeParse(data);
        if (parsed.success) batch.add(parsed.data);
      });
    };
    open(false);

    return () => {
      stopped = true;
      if (reopen) clearTimeout(reopen);
      source?.close();
      batch.dispose();
      setConnected(false);
    };
  }, [qc, tenantId]);

  return { connected };
}
