import { memo, useCallback, useEffect, useId, useMemo, useState } from 'react';
import {
  EVIDENCE,
  EVIDENCE_ACCEPT,
  OTHER_CODES,
  isLinkCode,
  type EvidenceFile,
} from '../lib/contract.ts';
import { serverErrorText } from '../lib/errors.ts';
import {
  precheck,
  type EvidenceClient,
  type EvidenceMap,
  type EvidenceProblem,
} from '../lib/evidence.ts';
import { useI18n, type RespondentKey, type RespondentTranslator } from '../lib/i18n.ts';

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

const STATE_KEYS = {
  current: 'files.state.current',
  expiring: 'files.state.expiring',
  expired: 'files.state.expired',
} as const satisfies Record<EvidenceFile['state'], RespondentKey>;

/** A refusal of the server's, by its code (lib/errors.ts). */
function serverProblemText(
  p: Extract<EvidenceProblem, { kind: 'server' }>,
  tr: RespondentTranslator,
  max: string,
): string {
  switch (p.code) {
    case OTHER_CODES.fileEmpty:
      return tr.t('files.problem.empty');
    case OTHER_CODES.fileType:
      return tr.t('files.problem.type');
    case OTHER_CODES.fileUnsafe:
      return tr.t('files.problem.unsafe');
    case OTHER_CODES.fileName:
      return tr.t('files.problem.name');
    case OTHER_CODES.tooManyFiles:
      return tr.t('files.problem.tooMany', { max: EVIDENCE.filesPerAnswer });
    case OTHER_CODES.fileTooLarge:
      return tr.t('files.problem.tooLarge', { max });
    case OTHER_CODES.fileNotFound:
      return tr.t('files.problem.notFound');
  }
  if (isLinkCode(p.code)) return tr.t('files.problem.link');
  if (p.status === 404 && !p.message) return tr.t('files.problem.notFound');
  return serverErrorText(tr.t, p, tr.t('files.problem.failed'));
}

/** A file call's problem in the page's language (lib/errors.ts). */
export function problemText(p: EvidenceProblem, tr: RespondentTranslator): string {
  const max = tr.fileSize(EVIDENCE.maxBytes);
  switch (p.kind) {
    case 'server':
      return serverProblemText(p, tr, max);
    case 'size':
      return tr.t('files.problem.size', { size: tr.fileSize(p.bytes), max });
    case 'tooLarge':
      return tr.t('files.problem.tooLarge', { max });
    case 'empty':
      return tr.t('files.problem.empty');
    case 'type':
      return tr.t('files.problem.type');
    case 'offline':
      return tr.t('files.problem.offline');
    case 'failed':
      return tr.t('files.problem.failed');
  }
}

interface Sending {
  id: number;
  name: string;
  fraction: number;
}

/** A problem shown under the files until dismissed: which file, what was tried, why. */
interface Problem {
  id: number;
  name: string;
  what: 'files.notAttached' | 'files.notRemoved' | 'files.notDownloaded';
  why: EvidenceProblem | { kind: 'tooMany' };
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
  const { t, tr } = useI18n();
  const id = useId();
  const [sending, setSending] = useState<Sending[]>([]);
  const [problems, setProblems] = useState<Problem[]>([]);
  const [busy, setBusy] = useState<string | null>(null);
  const list = files ?? [];
  const room = EVIDENCE.filesPerAnswer - list.length - sending.length;
  const problem = (name: string, what: Problem['what'], why: Problem['why']) =>
    setProblems((p) => [...p, { id: ++nextId, name, what, why }]);
  const reason = (why: Problem['why']) =>
    why.kind === 'tooMany'
      ? t('files.problem.tooMany', { max: EVIDENCE.filesPerAnswer })
      : problemText(why, tr);

  const attach = (chosen: File[]) => {
    chosen.forEach((file, i) => {
      const why = i >= room ? ({ kind: 'tooMany' } as const) : precheck(file);
      if (why) return problem(file.name, 'files.notAttached', why);
      const sid = ++nextId;
      setSending((s) => [...s, { id: sid, name: file.name, fraction: 0 }]);
      void client
        .upload(questionKey, file, (fraction) =>
          setSending((s) => s.map((x) => (x.id === sid ? { ...x, fraction } : x))),
        )
        .then((r) => {
          setSending((s) => s.filter((x) => x.id !== sid));
          if (r.ok) onChange(questionKey, (fs) => [...fs, r.value]);
          else problem(file.name, 'files.notAttached', r.problem);
        });
    });
  };

  const remove = async (f: EvidenceFile) => {
    setBusy(f.id);
    const r = await client.remove(questionKey, f.id);
    setBusy(null);
    if (r.ok) onChange(questionKey, (fs) => fs.filter((x) => x.id !== f.id));
    else problem(f.name, 'files.notRemoved', r.problem);
  };

  const download = async (f: EvidenceFile) => {
    setBusy(f.id);
    const r = await client.downloadUrl(f.id);
    setBusy(null);
    if (r.ok) window.location.assign(r.value);
    else problem(f.name, 'files.notDownloaded', r.problem);
  };

  if (readOnly && list.length === 0) return null;
  return (
    <div className="files" role="group" aria-labelledby={`${id}-title`}>
      <p id={`${id}-title`} className="files-title">
        {t('files.title')}{' '}
        <span className="sr-only">{t('files.forQuestion', { key: questionKey })}</span>
      </p>
      {list.length > 0 && (
        <ul className="file-list">
          {list.map((f) => (
            <li key={f.id} className="file">
              <span className="file-name">{f.name}</span>
              <span className="file-meta">
                {tr.fileSize(f.bytes)}
                {f.state !== 'current' && (
                  <span className={`file-state file-${f.state}`}>{t(STATE_KEYS[f.state])}</span>
                )}
              </span>
              <span className="file-actions">
                <button
                  type="button"
                  className="btn btn-quiet"
                  disabled={busy === f.id || offline}
                  aria-label={t('files.downloadName', { name: f.name })}
                  onClick={() => void download(f)}
                >
                  {t('files.download')}
                </button>
                {!readOnly && f.uploadedBy.respondentId === respondentId && (
                  <button
                    type="button"
                    className="btn btn-quiet"
                    disabled={busy === f.id || offline}
                    aria-label={t('files.removeName', { name: f.name })}
                    onClick={() => void remove(f)}
                  >
                    {t('files.remove')}
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
            {t('files.uploading', { name: s.name })} <span aria-hidden="true">·</span>{' '}
            {tr.percent(s.fraction)}
          </span>
          <progress
            max={1}
            value={s.fraction}
            aria-label={t('files.uploading', { name: s.name })}
          />
        </div>
      ))}
      {!readOnly &&
        (offline ? (
          <p className="hint">{t('files.offline')}</p>
        ) : files === undefined ? null : room > 0 ? (
          <label className="btn file-pick">
            {t('files.attach')}
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
          <p className="hint">{t('files.full', { max: EVIDENCE.filesPerAnswer })}</p>
        ))}
      {problems.map((p) => (
        <div key={p.id} className="q-failed" role="alert">
          <p>{t(p.what, { name: p.name, reason: reason(p.why) })}</p>
          <button
            type="button"
            className="btn btn-quiet"
            onClick={() => setProblems((ps) => ps.filter((x) => x.id !== p.id))}
          >
            {t('q.dismiss')}
          </button>
        </div>
      ))}
    </div>
  );
});
