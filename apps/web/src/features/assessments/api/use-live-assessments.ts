import { LiveEventSchema } from '@tenantry/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { LiveBatch } from '../lib/live-batch.ts';
import { assessmentKeys } from './assessment-keys.ts';

/** At most one round of refetches per this long, however many events arrive. */
export const LIVE_INVALIDATE_MS = 500;
/** After the server refused the stream (signed out, no access), try again this much later. */
const REOPEN_MS = 15_000;
/** A stream down this long counts as interrupted (a routine reconnect takes about a second). */
const INTERRUPTED_MS = 5_000;

export interface LiveAssessments {
  /** The stream has been down for a while (not while it first connects or briefly reconnects). */
  interrupted: boolean;
}

/**
 * Live progress of a client tenant's assessments: GET /api/v1/tenants/{tenantId}/live
 * (Server-Sent Events; the browser reconnects with Last-Event-ID itself). Each event names an
 * assessment: its detail (with its histories and respondents) and the lists are invalidated,
 * gathered into at most one round per LIVE_INVALIDATE_MS.
 */
export function useLiveAssessments(tenantId: string): LiveAssessments {
  const qc = useQueryClient();
  const [interrupted, setInterrupted] = useState(false);

  useEffect(() => {
    if (!tenantId || typeof EventSource === 'undefined') return;
    const url = `/api/v1/tenants/${encodeURIComponent(tenantId)}/live`;
    const batch = new LiveBatch((changes) => {
      void qc.invalidateQueries({ queryKey: assessmentKeys.lists(tenantId) });
      for (const id of changes.keys()) {
        void qc.invalidateQueries({ queryKey: assessmentKeys.detail(tenantId, id) });
      }
    }, LIVE_INVALIDATE_MS);
    let source: EventSource | null = null;
    let reopen: ReturnType<typeof setTimeout> | null = null;
    let down: ReturnType<typeof setTimeout> | null = null;
    let stopped = false;

    const open = (afterGap: boolean) => {
      const es = new EventSource(url);
      source = es;
      es.onopen = () => {
        if (down) clearTimeout(down);
        down = null;
        setInterrupted(false);
        // A new stream starts from now: what happened while there was none is read again.
        if (afterGap) void qc.invalidateQueries({ queryKey: assessmentKeys.tenant(tenantId) });
        afterGap = false;
      };
      es.onerror = () => {
        down ??= setTimeout(() => setInterrupted(true), INTERRUPTED_MS);
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
      if (down) clearTimeout(down);
      source?.close();
      batch.dispose();
      setInterrupted(false);
    };
  }, [qc, tenantId]);

  return { interrupted };
}
