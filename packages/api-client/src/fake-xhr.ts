/**
 * A stand-in for XMLHttpRequest in tests (never in app code): `@baridesk/api-client/fake-xhr`. uploadFile
 * sends through XMLHttpRequest for its upload progress; jsdom's own would make real requests and reports
 * no progress. The fake records what was sent and lets the test play the browser's part (progress, the
 * answer, a network failure) with real DOM events.
 */
import { File as NodeFile } from 'node:buffer';

export class FakeXhr extends EventTarget {
  /** Every request sent since installFakeXhr, oldest first. */
  static sent: FakeXhr[] = [];

  /** The request sent last. */
  static last(): FakeXhr {
    const xhr = FakeXhr.sent.at(-1);
    if (!xhr) throw new Error('No request was sent.');
    return xhr;
  }

  readonly upload = new EventTarget();
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown;
  status = 0;
  responseText = '';
  aborted = false;

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }

  setRequestHeader(name: string, value: string) {
    this.headers[name.toLowerCase()] = value;
  }

  send(body: unknown) {
    this.body = body;
    FakeXhr.sent.push(this);
  }

  abort() {
    this.aborted = true;
    this.dispatchEvent(new ProgressEvent('abort'));
  }

  /** `loaded` of `total` bytes of the body sent; `lengthComputable: false` for a body of unknown size. */
  progress(loaded: number, total: number, lengthComputable = true) {
    this.upload.dispatchEvent(new ProgressEvent('progress', { loaded, total, lengthComputable }));
  }

  /** The server answers: a body other than a string is sent as JSON. */
  answer(status: number, body: unknown) {
    this.status = status;
    this.responseText = typeof body === 'string' ? body : JSON.stringify(body);
    this.dispatchEvent(new ProgressEvent('load'));
  }

  failNetwork() {
    this.dispatchEvent(new ProgressEvent('error'));
  }
}

/** Puts FakeXhr in place of XMLHttpRequest, with no requests recorded; returns the function that puts the real one back. */
export function installFakeXhr(): () => void {
  const real = globalThis.XMLHttpRequest;
  FakeXhr.sent = [];
  globalThis.XMLHttpRequest = FakeXhr as unknown as typeof XMLHttpRequest;
  return () => {
    globalThis.XMLHttpRequest = real;
  };
}

/**
 * A File the test environment's FormData takes: it is Node's (jest.jsdom-environment.js lends it), and
 * Node's FormData refuses jsdom's File.
 */
export function testFile(parts: string[], name: string, type: string): File {
  return new NodeFile(parts, name, { type }) as unknown as File;
}
