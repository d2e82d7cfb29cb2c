import type { EvidenceFile } from '@tenantry/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { evidenceKeys } from '../api/evidence-keys.ts';
import { uploadEvidence, type UploadMeta, type UploadTarget } from '../api/upload-evidence.ts';
import { evidenceErrorText, precheckFiles } from '../lib/evidence-errors.ts';

/** A file on its way: how much of it went. */
export interface UploadInFlight {
  id: string;
  name: string;
  sent: number;
  total: number;
}

/** A file not stored, and why (refused before sending, or by the server). */
export interface UploadRefusal {
  id: string;
  name: string;
  message: string;
}

export interface EvidenceUploads {
  uploads: UploadInFlight[];
  refusals: UploadRefusal[];
  /** Sends each file (pasted ones with the name given); refuses too large or too many first. */
  start: (files: readonly File[], meta?: (file: File) => Partial<UploadMeta>) => void;
  dismiss: (id: string) => void;
}

let nextId = 0;

/**
 * Uploads of one place (an answer, the library, a file's new revision): several at once, each
 * with its progress; what the server refused stays listed with its reason until dismissed.
 * `room` is how many more files the place takes and what to say past it (null: no limit);
 * past it a file is refused without being sent.
 */
export function useEvidenceUploads({
  tenantId,
  target,
  room,
  onUploaded,
}: {
  tenantId: string;
  target: UploadTarget;
  room: { count: number; message: string } | null;
  onUploaded?: (file: EvidenceFile) => void;
}): EvidenceUploads {
  const qc = useQueryClient();
  const [uploads, setUploads] = useState<UploadInFlight[]>([]);
  const [refusals, setRefusals] = useState<UploadRefusal[]>([]);
  // Uploads still running count against the room of the next drop.
  const running = useRef(0);

  const refuse = (name: string, message: string) =>
    setRefusals((r) => [...r, { id: `r${++nextId}`, name, message }]);

  const start = (files: readonly File[], meta?: (file: File) => Partial<UploadMeta>) => {
    const { send, refused } = precheckFiles(files);
    for (const r of refused) refuse(r.name, r.message);
    const free = room === null ? send.length : Math.max(0, room.count - running.current);
    for (const file of send.slice(free)) refuse(file.name, room?.message ?? '');
    for (const file of send.slice(0, free)) {
      const id = `u${++nextId}`;
      const name = meta?.(file).name ?? file.name;
      running.current++;
      setUploads((u) => [...u, { id, name, sent: 0, total: file.size }]);
      uploadEvidence(target, file, { name, ...meta?.(file) }, (p) =>
        setUploads((u) => u.map((x) => (x.id === id ? { ...x, ...p } : x))),
      )
        .then((stored) => {
          onUploaded?.(stored);
          return qc.invalidateQueries({ queryKey: evidenceKeys.tenant(tenantId) });
        })
        .catch((err: unknown) => refuse(name, evidenceErrorText(err)))
        .finally(() => {
          running.current--;
          setUploads((u) => u.filter((x) => x.id !== id));
        });
    }
  };

  const dismiss = useCallback((id: string) => setRefusals((r) => r.filter((x) => x.id !== id)), []);
  return { uploads, refusals, start, dismiss };
}
