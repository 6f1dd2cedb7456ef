/**
 * An `XMLHttpRequest` for tests that sends through `fetch`, so `mockApi`'s routes answer uploads
 * as they answer every other request. Upload progress is what the route says: its handler may
 * call `request.progress(share)` (0 to 1) before it answers; whatever it leaves unsaid is
 * reported sent just before the answer, as a browser would.
 */
type Handler<E> = ((this: unknown, event: E) => void) | null;

/** What `fetch` gets from the fake beside the usual options. */
export type ProgressInit = RequestInit & { uploadProgress?: (share: number) => void };

function sizeOf(body: unknown): number {
  if (body instanceof FormData) {
    let size = 0;
    body.forEach((value) => {
      size += typeof value === 'string' ? value.length : value.size;
    });
    return size;
  }
  if (body instanceof Blob) return body.size;
  return typeof body === 'string' ? body.length : 0;
}

const progressEvent = (type: string, loaded: number, total: number) =>
  Object.assign(new Event(type), { lengthComputable: total > 0, loaded, total }) as ProgressEvent;

class FakeUpload {
  onprogress: Handler<ProgressEvent> = null;
  onload: Handler<ProgressEvent> = null;
}

export class FetchXhr {
  static readonly UNSENT = 0;
  static readonly DONE = 4;
  readonly upload = new FakeUpload();
  readyState = 0;
  status = 0;
  responseText = '';
  onload: Handler<ProgressEvent> = null;
  onerror: Handler<ProgressEvent> = null;
  onabort: Handler<ProgressEvent> = null;
  ontimeout: Handler<ProgressEvent> = null;
  private method = 'GET';
  private url = '';
  private readonly headers = new Headers();
  private readonly controller = new AbortController();

  open(method: string, url: string): void {
    this.method = method;
    this.url = url;
    this.readyState = 1;
  }

  setRequestHeader(name: string, value: string): void {
    this.headers.set(name, value);
  }

  abort(): void {
    if (this.readyState === FetchXhr.DONE || this.controller.signal.aborted) return;
    this.controller.abort();
    this.readyState = FetchXhr.DONE;
    this.onabort?.(progressEvent('abort', 0, 0));
  }

  send(body?: Document | XMLHttpRequestBodyInit | null): void {
    void this.run(body ?? null);
  }

  private async run(body: unknown): Promise<void> {
    const total = sizeOf(body);
    let reported = 0;
    const progress = (share: number) => {
      reported = share;
      this.upload.onprogress?.(progressEvent('progress', Math.round(share * total), total));
    };
    const init: ProgressInit = {
      method: this.method,
      headers: this.headers,
      body: body as BodyInit | null,
      signal: this.controller.signal,
      uploadProgress: progress,
    };
    const aborted = () => this.controller.signal.aborted;
    try {
      const response = await fetch(this.url, init);
      if (aborted()) return;
      if (reported < 1) progress(1);
      this.upload.onload?.(progressEvent('load', total, total));
      this.status = response.status;
      this.responseText = await response.text();
      if (aborted()) return;
      this.readyState = FetchXhr.DONE;
      this.onload?.(progressEvent('load', this.responseText.length, this.responseText.length));
    } catch {
      if (aborted()) return;
      this.readyState = FetchXhr.DONE;
      this.onerror?.(progressEvent('error', 0, 0));
    }
  }
}
