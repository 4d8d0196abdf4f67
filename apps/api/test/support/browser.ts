// A minimal browser for tests: fetch with a cookie jar, following redirects one by one so a test
// can look at every hop. Hosts are all 'localhost', so one jar serves the portal and dev-sso
// (cookies ignore the port, as in a real browser); paths are honoured.

type Cookie = { name: string; value: string; path: string };

export type Hop = { url: string; status: number; location: string | null; setCookies: string[] };

export class TestBrowser {
  private readonly cookies = new Map<string, Cookie>();
  readonly hops: Hop[] = [];

  cookie(name: string): string | undefined {
    return [...this.cookies.values()].find((c) => c.name === name)?.value;
  }

  private store(headers: Headers) {
    for (const line of headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';').map((part) => part.trim());
      const at = pair.indexOf('=');
      const name = pair.slice(0, at);
      const value = pair.slice(at + 1);
      const attr = (key: string) =>
        attributes.find((a) => a.toLowerCase().startsWith(`${key}=`))?.slice(key.length + 1);
      const path = attr('path') ?? '/';
      const expired =
        attr('max-age') === '0' || (attr('expires') && Date.parse(attr('expires')!) < Date.now());
      const key = `${name};${path}`;
      if (expired || value === '') this.cookies.delete(key);
      else this.cookies.set(key, { name, value, path });
    }
  }

  private header(url: URL): string {
    return [...this.cookies.values()]
      .filter(
        (c) =>
          url.pathname === c.path || url.pathname.startsWith(c.path.endsWith('/') ? c.path : `${c.path}/`),
      )
      .map((c) => `${c.name}=${c.value}`)
      .join('; ');
  }

  /** One request, no redirect following. */
  async request(input: string, init: RequestInit = {}): Promise<Response> {
    const url = new URL(input);
    const headers = new Headers(init.headers);
    const cookie = this.header(url);
    if (cookie) headers.set('cookie', cookie);
    const response = await fetch(url, { ...init, headers, redirect: 'manual' });
    this.store(response.headers);
    this.hops.push({
      url: url.href,
      status: response.status,
      location: response.headers.get('location'),
      setCookies: response.headers.getSetCookie(),
    });
    return response;
  }

  /** Follows redirects (GET after each one) until a non-redirect answer or `stopAt` matches. */
  async follow(
    input: string,
    init: RequestInit = {},
    stopAt: (url: URL) => boolean = () => false,
  ): Promise<{ response: Response; url: URL }> {
    let url = new URL(input);
    let response = await this.request(url.href, init);
    for (let hop = 0; hop < 20; hop++) {
      const location = response.headers.get('location');
      if (response.status < 300 || response.status >= 400 || !location) return { response, url };
      url = new URL(location, url);
      if (stopAt(url)) return { response, url };
      response = await this.request(url.href);
    }
    throw new Error(`Too many redirects: ${this.hops.map((h) => h.url).join(' -> ')}`);
  }

  /** Submits the first HTML form in `html` with the given fields, then follows redirects. */
  async submitForm(
    pageUrl: URL,
    html: string,
    fields: Record<string, string>,
    stopAt: (url: URL) => boolean = () => false,
  ) {
    const form = /<form[^>]*action="([^"]+)"[^>]*>([\s\S]*?)<\/form>/.exec(html);
    if (!form?.[1]) throw new Error('No form on the page');
    const action = form[1];
    // Hidden inputs go along, as a browser sends them.
    const hidden = [...(form[2] ?? '').matchAll(/<input[^>]*type="hidden"[^>]*>/g)].map((m) => m[0]);
    const body = new URLSearchParams();
    for (const input of hidden) {
      const name = /name="([^"]*)"/.exec(input)?.[1];
      if (name) body.set(name, /value="([^"]*)"/.exec(input)?.[1] ?? '');
    }
    for (const [name, value] of Object.entries(fields)) body.set(name, value);
    return this.follow(
      new URL(action.replace(/&amp;/g, '&'), pageUrl).href,
      {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body,
      },
      stopAt,
    );
  }
}
