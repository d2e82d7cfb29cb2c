import { vi } from 'vitest';

/** One upload the fake XMLHttpRequest got. */
export interface SentUpload {
  method: string;
  url: URL;
  headers: Record<string, string>;
  body: Blob;
}

type Answer = { status: number; body: unknown };

/**
 * Stubs XMLHttpRequest (uploads go through it for their progress): each request reports its
 * progress at half and all of the body, then answers what `answer` returns for it. Returns the
 * uploads sent.
 */
export function stubUploads(answer: (req: SentUpload) => Answer | Promise<Answer>): SentUpload[] {
  const sent: SentUpload[] = [];
  class FakeXhr {
    status = 0;
    responseText = '';
    withCredentials = false;
    upload: { onprogress: ((e: ProgressEvent) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    private method = 'GET';
    private url = '';
    private headers: Record<string, string> = {};
    open(method: string, url: string) {
      this.method = method;
      this.url = url;
    }
    setRequestHeader(name: string, value: string) {
      this.headers[name.toLowerCase()] = value;
    }
    abort() {
      this.onabort?.();
    }
    send(body: Blob) {
      const req = {
        method: this.method,
        url: new URL(this.url, 'http://localhost'),
        headers: this.headers,
        body,
      };
      sent.push(req);
      const total = body.size;
      void (async () => {
        for (const loaded of [Math.floor(total / 2), total])
          this.upload.onprogress?.({ loaded, total, lengthComputable: true } as ProgressEvent);
        const a = await answer(req);
        if (a.status === 0) return this.onerror?.();
        this.status = a.status;
        this.responseText = JSON.stringify(a.body);
        this.onload?.();
      })();
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return sent;
}
