/** A tiny HTTP client with a cookie jar, for API tests against the real server. */
export interface Res<T = any> {
  status: number;
  body: T;
  text: string;
  headers: Headers;
  location: string | null;
}

export class Client {
  cookies = new Map<string, string>();
  userId = "";
  email = "";
  constructor(public baseUrl: string) {}

  setCookie(name: string, value: string) {
    this.cookies.set(name, value);
  }

  private cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }

  private absorb(headers: Headers) {
    for (const sc of headers.getSetCookie()) {
      const [pair, ...attrs] = sc.split(";");
      const eq = pair.indexOf("=");
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attrs.some((a) => /max-age=0/i.test(a) || /expires=thu, 01 jan 1970/i.test(a));
      if (expired || value === "") this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  async request<T = any>(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<Res<T>> {
    const h: Record<string, string> = { ...headers };
    if (this.cookies.size) h.cookie = this.cookieHeader();
    let payload: BodyInit | undefined;
    if (body !== undefined) {
      if (
        typeof body === "string" ||
        body instanceof Uint8Array ||
        body instanceof FormData ||
        body instanceof URLSearchParams
      ) {
        payload = body as BodyInit;
      } else {
        payload = JSON.stringify(body);
        h["content-type"] ??= "application/json";
      }
    }
    const res = await fetch(this.baseUrl + path, { method, headers: h, body: payload, redirect: "manual" });
    this.absorb(res.headers);
    const text = await res.text();
    let parsed: unknown = text;
    if ((res.headers.get("content-type") ?? "").includes("json") && text) {
      try {
        parsed = JSON.parse(text);
      } catch {
        parsed = text;
      }
    }
    return { status: res.status, body: parsed as T, text, headers: res.headers, location: res.headers.get("location") };
  }

  get<T = any>(path: string, headers?: Record<string, string>) {
    return this.request<T>("GET", path, undefined, headers);
  }
  post<T = any>(path: string, body?: unknown, headers?: Record<string, string>) {
    return this.request<T>("POST", path, body ?? {}, headers);
  }
  put<T = any>(path: string, body?: unknown, headers?: Record<string, string>) {
    return this.request<T>("PUT", path, body ?? {}, headers);
  }
  patch<T = any>(path: string, body?: unknown, headers?: Record<string, string>) {
    return this.request<T>("PATCH", path, body ?? {}, headers);
  }
  delete<T = any>(path: string, body?: unknown, headers?: Record<string, string>) {
    return this.request<T>("DELETE", path, body, headers);
  }

  /** A browser-style form post (application/x-www-form-urlencoded); redirects are not followed. */
  form(path: string, fields: Record<string, string>) {
    return this.request("POST", path, new URLSearchParams(fields).toString(), {
      "content-type": "application/x-www-form-urlencoded",
    });
  }
}
