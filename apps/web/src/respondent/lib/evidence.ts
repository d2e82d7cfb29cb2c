import { API, EVIDENCE, TOKEN_HEADER, readError, type EvidenceFile } from './contract.ts';

/** Every answer's files, by question key. */
export type EvidenceMap = Readonly<Record<string, readonly EvidenceFile[]>>;

/**
 * Why a file call did not work: the server's refusal (its code, said in the page's language by
 * AnswerFiles' `problemText`; its English message only for a code the page does not know:
 * docs/languages.md), or what the page found itself.
 */
export type EvidenceProblem =
  | { kind: 'server'; status: number; code: string; message: string }
  | { kind: 'offline' | 'failed' | 'empty' | 'tooLarge' | 'type' }
  /** Refused before sending: larger than the limit. */
  | { kind: 'size'; bytes: number };

export type Outcome<T> = { ok: true; value: T } | { ok: false; problem: EvidenceProblem };

/** The respondent's evidence calls, with the link's token. */
export interface EvidenceClient {
  /** GET /respond/evidence; null when it could not be read (offline). */
  load(): Promise<EvidenceMap | null>;
  /** POST /respond/answers/{key}/evidence: the raw file, with its progress (0–1). */
  upload(
    questionKey: string,
    file: File,
    onProgress: (fraction: number) => void,
  ): Promise<Outcome<EvidenceFile>>;
  /** DELETE /respond/answers/{key}/evidence/{id}: a file this respondent attached. */
  remove(questionKey: string, evidenceId: string): Promise<Outcome<null>>;
  /** POST /respond/evidence/{id}/download-link: the signed link's address. */
  downloadUrl(evidenceId: string): Promise<Outcome<string>>;
}

const OFFLINE = { ok: false, problem: { kind: 'offline' } } as const;
const FAILED = { ok: false, problem: { kind: 'failed' } } as const;

/** Why a file is not sent before sending it: empty, or larger than the limit. */
export function precheck(file: File): EvidenceProblem | null {
  if (file.size === 0) return { kind: 'empty' };
  if (file.size > EVIDENCE.maxBytes) return { kind: 'size', bytes: file.size };
  return null;
}

function uploadProblem(status: number, body: string): EvidenceProblem {
  try {
    const e = (JSON.parse(body) as { error?: { code?: unknown; message?: unknown } }).error;
    if (e && typeof e.code === 'string')
      return {
        kind: 'server',
        status,
        code: e.code,
        message: typeof e.message === 'string' ? e.message : '',
      };
  } catch {
    // not JSON
  }
  if (status === 413) return { kind: 'tooLarge' };
  if (status === 415) return { kind: 'type' };
  return { kind: 'failed' };
}

export function evidenceClient(fetchFn: typeof fetch, token: string): EvidenceClient {
  const call = async <T>(
    url: string,
    init: RequestInit,
    read: (res: Response) => Promise<T>,
  ): Promise<Outcome<T>> => {
    let res: Response;
    try {
      res = await fetchFn(url, {
        ...init,
        headers: { ...init.headers, [TOKEN_HEADER]: token },
        cache: 'no-store',
      });
    } catch {
      return OFFLINE;
    }
    if (!res.ok) {
      const error = await readError(res);
      return error
        ? { ok: false, problem: { kind: 'server', status: res.status, ...error } }
        : FAILED;
    }
    try {
      return { ok: true, value: await read(res) };
    } catch {
      return FAILED;
    }
  };

  return {
    async load() {
      const r = await call(API.evidence, {}, async (res) => {
        const body = (await res.json()) as { answers?: unknown };
        if (!body.answers || typeof body.answers !== 'object') throw new Error('shape');
        return body.answers as EvidenceMap;
      });
      return r.ok ? r.value : null;
    },
    upload(questionKey, file, onProgress) {
      return new Promise((resolve) => {
        const xhr = new XMLHttpRequest();
        xhr.open(
          'POST',
          `${API.answerEvidence(questionKey)}?${new URLSearchParams({ name: file.name })}`,
        );
        xhr.setRequestHeader(TOKEN_HEADER, token);
        xhr.setRequestHeader('Accept', 'application/json');
        if (file.type) xhr.setRequestHeader('Content-Type', file.type);
        xhr.upload.onprogress = (e) => onProgress(e.lengthComputable ? e.loaded / e.total : 0);
        xhr.onerror = () => resolve(OFFLINE);
        xhr.onload = () => {
          if (xhr.status < 200 || xhr.status >= 300)
            return resolve({ ok: false, problem: uploadProblem(xhr.status, xhr.responseText) });
          try {
            const f = JSON.parse(xhr.responseText) as EvidenceFile;
            if (typeof f?.id !== 'string') throw new Error('shape');
            resolve({ ok: true, value: f });
          } catch {
            resolve(FAILED);
          }
        };
        xhr.send(file);
      });
    },
    remove(questionKey, evidenceId) {
      return call(API.answerEvidence(questionKey, evidenceId), { method: 'DELETE' }, () =>
        Promise.resolve(null),
      );
    },
    downloadUrl(evidenceId) {
      return call(API.evidenceDownload(evidenceId), { method: 'POST' }, async (res) => {
        const { url } = (await res.json()) as { url?: unknown };
        if (typeof url !== 'string') throw new Error('shape');
        return url;
      });
    },
  };
}
