import { formatBytes } from '@tenantry/shared/bytes';
import { memo, useCallback, useEffect, useId, useMemo, useState } from 'react';
import {
  EVIDENCE,
  EVIDENCE_ACCEPT,
  EVIDENCE_STATE_TEXT,
  type EvidenceFile,
} from '../lib/contract.ts';
import { precheck, type EvidenceClient, type EvidenceMap } from '../lib/evidence.ts';

/** What every answer's files share: the client, the connection, who answers, the update. */
export interface FileContext {
  client: EvidenceClient;
  /** No connection: files cannot be sent (answers are queued). */
  offline: boolean;
  respondentId: string;
  onChange: (
    questionKey: string,
    update: (files: readonly EvidenceFile[]) => readonly EvidenceFile[],
  ) => void;
}

interface Props {
  questionKey: string;
  /** The answer's files; undefined while they could not be read (offline). */
  files: readonly EvidenceFile[] | undefined;
  readOnly: boolean;
  context: FileContext;
}

export const NO_FILES: readonly EvidenceFile[] = [];

/**
 * Every answer's files: read while online (again when the connection comes back); undefined
 * until read. `context` is what each answer's files need (one object, so the cards' memo holds).
 */
export function useEvidenceMap(client: EvidenceClient, offline: boolean, respondentId: string) {
  const [map, setMap] = useState<EvidenceMap | undefined>(undefined);
  useEffect(() => {
    if (offline) return;
    let cancelled = false;
    void client.load().then((m) => {
      if (!cancelled && m) setMap(m);
    });
    return () => {
      cancelled = true;
    };
  }, [client, offline]);
  const change = useCallback(
    (key: string, update: (files: readonly EvidenceFile[]) => readonly EvidenceFile[]) =>
      setMap((m) => ({ ...m, [key]: update(m?.[key] ?? []) })),
    [],
  );
  const context = useMemo(
    () => ({ client, offline, respondentId, onChange: change }),
    [client, offline, respondentId, change],
  );
  return { map, context };
}

interface Sending {
  id: number;
  name: string;
  fraction: number;
}

let nextId = 0;

/**
 * An answer's files on the respondent page: each with its size and state, download, and
 * remove for the files this respondent attached; "Attach a file or photo" (a phone offers its
 * camera) while online. Offline it says that files need a connection: the answer itself is
 * queued as always.
 */
export const AnswerFiles = memo(function AnswerFiles({
  questionKey,
  files,
  readOnly,
  context: { client, offline, respondentId, onChange },
}: Props) {
  const id = useId();
  const [sending, setSending] = useState<Sending[]>([]);
  const [problems, setProblems] = useState<{ id: number; text: string }[]>([]);
  const [busy, setBusy] = useState<string | null>(null);
  const list = files ?? [];
  const room = EVIDENCE.filesPerAnswer - list.length - sending.length;
  const problem = (text: string) => setProblems((p) => [...p, { id: ++nextId, text }]);

  const attach = (chosen: File[]) => {
    chosen.forEach((file, i) => {
      const why =
        i >= room ? `an answer holds at most ${EVIDENCE.filesPerAnswer} files.` : precheck(file);
      if (why) return problem(`${file.name} was not attached: ${why}`);
      const sid = ++nextId;
      setSending((s) => [...s, { id: sid, name: file.name, fraction: 0 }]);
      void client
        .upload(questionKey, file, (fraction) =>
          setSending((s) => s.map((x) => (x.id === sid ? { ...x, fraction } : x))),
        )
        .then((r) => {
          setSending((s) => s.filter((x) => x.id !== sid));
          if (r.ok) onChange(questionKey, (fs) => [...fs, r.value]);
          else problem(`${file.name} was not attached: ${r.message}`);
        });
    });
  };

  const remove = async (f: EvidenceFile) => {
    setBusy(f.id);
    const r = await client.remove(questionKey, f.id);
    setBusy(null);
    if (r.ok) onChange(questionKey, (fs) => fs.filter((x) => x.id !== f.id));
    else problem(`${f.name} was not removed: ${r.message}`);
  };

  const download = async (f: EvidenceFile) => {
    setBusy(f.id);
    const r = await client.downloadUrl(f.id);
    setBusy(null);
    if (r.ok) window.location.assign(r.value);
    else problem(`${f.name} could not be downloaded: ${r.message}`);
  };

  if (readOnly && list.length === 0) return null;
  return (
    <div className="files" role="group" aria-labelledby={`${id}-title`}>
      <p id={`${id}-title`} className="files-title">
        Files <span className="sr-only">for {questionKey}</span>
      </p>
      {list.length > 0 && (
        <ul className="file-list">
          {list.map((f) => (
            <li key={f.id} className="file">
              <span className="file-name">{f.name}</span>
              <span className="file-meta">
                {formatBytes(f.bytes)}
                {f.state !== 'current' && (
                  <span className={`file-state file-${f.state}`}>
                    {EVIDENCE_STATE_TEXT[f.state]}
                  </span>
                )}
              </span>
              <span className="file-actions">
                <button
                  type="button"
                  className="btn btn-quiet"
                  disabled={busy === f.id || offline}
                  aria-label={`Download ${f.name}`}
                  onClick={() => void download(f)}
                >
                  Download
                </button>
                {!readOnly && f.uploadedBy.respondentId === respondentId && (
                  <button
                    type="button"
                    className="btn btn-quiet"
                    disabled={busy === f.id || offline}
                    aria-label={`Remove ${f.name}`}
                    onClick={() => void remove(f)}
                  >
                    Remove
                  </button>
                )}
              </span>
            </li>
          ))}
        </ul>
      )}
      {sending.map((s) => (
        <div key={s.id} className="file-sending">
          <span>
            Uploading {s.name} · {Math.round(s.fraction * 100)} %
          </span>
          <progress max={1} value={s.fraction} aria-label={`Uploading ${s.name}`} />
        </div>
      ))}
      {!readOnly &&
        (offline ? (
          <p className="hint">
            Files need a connection: attach them once you are online. Your answer is kept on this
            device and sent as usual.
          </p>
        ) : files === undefined ? null : room > 0 ? (
          <label className="btn file-pick">
            Attach a file or photo
            <input
              type="file"
              className="sr-only"
              multiple
              accept={EVIDENCE_ACCEPT}
              onChange={(e) => {
                const chosen = [...(e.currentTarget.files ?? [])];
                e.currentTarget.value = '';
                attach(chosen);
              }}
            />
          </label>
        ) : (
          <p className="hint">
            This answer holds the most files it may ({EVIDENCE.filesPerAnswer}).
          </p>
        ))}
      {problems.map((p) => (
        <div key={p.id} className="q-failed" role="alert">
          <p>{p.text}</p>
          <button
            type="button"
            className="btn btn-quiet"
            onClick={() => setProblems((ps) => ps.filter((x) => x.id !== p.id))}
          >
            Dismiss
          </button>
        </div>
      ))}
    </div>
  );
});
