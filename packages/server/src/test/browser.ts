/**
 * Test support: a minimal browser over real HTTP — a cookie jar (by origin, name and path) and redirects
 * followed one by one — to walk a sign-in through an identity provider and back.
 */
interface StoredCookie {
  origin: string;
  name: string;
  value: string;
  path: string;
}

export interface Visit {
  url: string;
  response: Response;
}

export interface RequestInit {
  method?: string;
  json?: unknown;
  form?: Record<string, string>;
  headers?: Record<string, string>;
}

export class TestBrowser {
  #cookies: StoredCookie[] = [];

  /** One request, with this browser's cookies; the answer's cookies are kept. Redirects are not followed. */
  async request(url: string, init: RequestInit = {}): Promise<Response> {
    const target = new URL(url);
    const headers: Record<string, string> = { ...init.headers };
    const cookie = this.cookieHeader(target);
    if (cookie) headers.cookie = cookie;
    let body: string | undefined;
    if (init.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(init.json);
    } else if (init.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(init.form).toString();
    }
    const response = await fetch(target, { method: init.method ?? (body ? 'POST' : 'GET'), headers, body, redirect: 'manual' });
    for (const line of response.headers.getSetCookie()) this.#store(target, line);
    return response;
  }

  /**
   * Requests `url`, then follows redirects (as GETs) until an answer that is not a redirect, or until the
   * next address satisfies `stopAt` — that address is then returned without being requested.
   */
  async follow(url: string, init: RequestInit = {}, stopAt: (url: string) => boolean = () => false): Promise<Visit> {
    let current = url;
    let response = await this.request(current, init);
    for (let hops = 0; hops < 20; hops += 1) {
      const location = response.headers.get('location');
      if (response.status < 300 || response.status >= 400 || !location) return { url: current, response };
      await response.arrayBuffer();
      current = new URL(location, current).href;
      if (stopAt(current)) return { url: current, response };
      response = await this.request(current);
    }
    throw new Error(`Too many redirects from ${url}`);
  }

  cookie(origin: string, name: string): string | undefined {
    return this.#cookies.find((c) => c.origin === new URL(origin).origin && c.name === name)?.value;
  }

  forget(origin: string, name: string): void {
    this.#cookies = this.#cookies.filter((c) => !(c.origin === new URL(origin).origin && c.name === name));
  }

  cookieHeader(url: URL): string {
    return this.#cookies
      .filter((c) => c.origin === url.origin && (url.pathname === c.path || url.pathname.startsWith(c.path.endsWith('/') ? c.path : `${c.path}/`)))
      .map((c) => `${c.name}=${c.value}`)
      .join('; ');
  }

  #store(url: URL, line: string) {
    const [pair = '', ...attributes] = line.split(';').map((part) => part.trim());
    const eq = pair.indexOf('=');
    const name = pair.slice(0, eq);
    const value = pair.slice(eq + 1);
    let path = url.pathname.replace(/\/[^/]*$/, '') || '/';
    let expired = value === '';
    for (const attribute of attributes) {
      const [key = '', val = ''] = attribute.split('=');
      if (key.toLowerCase() === 'path') path = val || '/';
      if (key.toLowerCase() === 'max-age' && Number(val) <= 0) expired = true;
      if (key.toLowerCase() === 'expires' && new Date(val).getTime() < Date.now()) expired = true;
    }
    this.#cookies = this.#cookies.filter((c) => !(c.origin === url.origin && c.name === name && c.path === path));
    if (!expired) this.#cookies.push({ origin: url.origin, name, value, path });
  }
}
