import dns from "node:dns";
import http from "node:http";
import https from "node:https";
import net from "node:net";
import { Readable } from "node:stream";
import type { LookupFunction } from "node:net";

/**
 * Outgoing HTTP for anything a user can point the server at (webhooks, link titles, importers, model calls): the SSRF
 * guard.
 *
 * - Only http and https URLs.
 * - The host is resolved here, every address it resolves to is checked, and the connection is made to the address
 *   that was checked (the socket's `lookup` is ours), so a DNS answer that changes between check and connect
 *   (rebinding) cannot reach an internal address. IP literals are checked before connecting.
 * - Redirects are followed by hand, at most `maxRedirects`, and every hop is checked the same way. Credentials
 *   (Authorization, Cookie, X-Api-Key) are dropped when a redirect leaves the origin.
 * - One timeout covers the whole exchange, redirects included, and the body is capped at `maxBytes`.
 *
 * Loopback, private, link-local, CGNAT, unique-local, multicast and reserved addresses are refused unless the
 * instance allows internal targets (`OUTBOUND_ALLOW_PRIVATE=1`, passed by the caller as `allowPrivate`). Cloud
 * metadata endpoints are refused even then.
 */

export type RefusalCode = "scheme" | "address" | "dns" | "redirects" | "too_large" | "timeout" | "network";

export class OutboundError extends Error {
  constructor(
    readonly code: RefusalCode,
    message: string,
  ) {
    super(message);
    this.name = "OutboundError";
  }
}

export interface SafeFetchOptions {
  method?: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** Whole exchange, redirects included (default 10 s). */
  timeoutMs?: number;
  /** Redirects followed (default 5); 0 returns the 3xx answer itself. */
  maxRedirects?: number;
  /** Body bytes read at most (default 1 MiB). */
  maxBytes?: number;
  /** Over `maxBytes`: cut the body and set `truncated` instead of failing. */
  truncate?: boolean;
  /** Internal targets allowed (the instance's `outboundAllowPrivate`). Metadata addresses stay refused. */
  allowPrivate?: boolean;
  /** Exact addresses allowed even though internal (one trusted host; tests use it for a first hop on 127.0.0.2). */
  allowAddresses?: readonly string[];
  /** Name resolution (tests inject one); defaults to the system resolver. */
  resolve?: (host: string) => Promise<string[]>;
}

export interface SafeResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The URL that answered (after redirects). */
  url: string;
  body: Buffer;
  truncated: boolean;
  text(): string;
}

const PRIVATE = new net.BlockList();
const METADATA = new net.BlockList();
for (const [a, p] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.88.99.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
] as const)
  PRIVATE.addSubnet(a, p, "ipv4");
for (const [a, p] of [
  ["::", 128],
  ["::1", 128],
  ["100::", 64],
  ["2001:db8::", 32],
  ["fc00::", 7],
  ["fe80::", 10],
  ["fec0::", 10],
  ["ff00::", 8],
] as const)
  PRIVATE.addSubnet(a, p, "ipv6");
for (const a of ["169.254.169.254", "169.254.170.2", "100.100.100.200", "192.0.0.192"]) METADATA.addAddress(a, "ipv4");
METADATA.addAddress("fd00:ec2::254", "ipv6");

/** The IPv4 address an IPv6 address carries (mapped ::ffff:a.b.c.d, NAT64 64:ff9b::/96, compatible ::a.b.c.d), if any. */
function embeddedV4(ip: string): string | null {
  const lower = ip.toLowerCase();
  const dotted = /^(?:::ffff:|64:ff9b::|::)(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  if (dotted) return dotted[1];
  const hex = /^(?:::ffff:|64:ff9b::)([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(lower);
  if (hex) {
    const hi = parseInt(hex[1], 16),
      lo = parseInt(hex[2], 16);
    return `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
  }
  return null;
}

/** Why an address may not be reached, or null when it may. */
export function addressRefusal(ip: string, allowPrivate = false): string | null {
  const family = net.isIP(ip);
  if (family === 0) return "not an IP address";
  const v4 = family === 6 ? embeddedV4(ip) : ip;
  if (v4 && net.isIPv4(v4)) {
    if (METADATA.check(v4, "ipv4")) return "a cloud metadata address";
    return !allowPrivate && PRIVATE.check(v4, "ipv4") ? "an internal address" : null;
  }
  if (METADATA.check(ip, "ipv6")) return "a cloud metadata address";
  return !allowPrivate && PRIVATE.check(ip, "ipv6") ? "an internal address" : null;
}

async function systemResolve(host: string): Promise<string[]> {
  const rows = await dns.promises.lookup(host, { all: true, verbatim: true });
  return rows.map((r) => r.address);
}

/** A URL that may be fetched at all (scheme, no empty host); throws OutboundError otherwise. */
export function parseTarget(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new OutboundError("scheme", "not a valid URL");
  }
  if (url.protocol !== "http:" && url.protocol !== "https:")
    throw new OutboundError("scheme", "only http and https URLs can be fetched");
  if (!url.hostname) throw new OutboundError("scheme", "the URL has no host");
  return url;
}

/** Resolve the host and check every address; the first is the one to connect to. */
async function checkedAddresses(url: URL, opts: SafeFetchOptions): Promise<{ address: string; family: 4 | 6 }[]> {
  const host = url.hostname.replace(/^\[|\]$/g, "");
  let ips: string[];
  if (net.isIP(host)) ips = [host];
  else {
    try {
      ips = await (opts.resolve ?? systemResolve)(host);
    } catch {
      throw new OutboundError("dns", `the host ${host} could not be resolved`);
    }
    if (ips.length === 0) throw new OutboundError("dns", `the host ${host} could not be resolved`);
  }
  for (const ip of ips) {
    if (opts.allowAddresses?.includes(ip)) continue;
    const why = addressRefusal(ip, opts.allowPrivate ?? false);
    if (why)
      throw new OutboundError("address", `${host} resolves to ${why} (${ip}), which outgoing requests may not reach`);
  }
  return ips.map((address) => ({ address, family: net.isIPv6(address) ? 6 : 4 }));
}

/**
 * Check a URL without fetching it (when a user saves one): the scheme, and every address its host resolves to now.
 * Throws OutboundError (`scheme`, `dns`, `address`). Fetching checks again, per hop.
 */
export async function assertFetchable(
  rawUrl: string,
  opts: Pick<SafeFetchOptions, "allowPrivate" | "allowAddresses" | "resolve"> = {},
): Promise<void> {
  await checkedAddresses(parseTarget(rawUrl), opts);
}

/** A socket `lookup` that answers the addresses already checked (no second resolution can swap them). */
function pinnedLookup(addresses: { address: string; family: 4 | 6 }[]): LookupFunction {
  return (_host, options, cb) => {
    if ((options as dns.LookupOptions).all)
      (cb as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, addresses);
    else cb(null, addresses[0].address, addresses[0].family);
  };
}

const CREDENTIAL_HEADERS = ["authorization", "cookie", "proxy-authorization", "x-api-key"];

/** One request of a chain of redirects. */
interface Hop {
  url: URL;
  method: string;
  headers: Record<string, string>;
  body: string | Buffer | undefined;
}

/**
 * The request an answer redirects to, checked (a scheme fetch may use), or null when the answer is final. Credentials
 * are dropped when the redirect leaves the origin; 303 (and 301/302 after a POST) become a GET without a body.
 */
function redirectOf(
  status: number,
  location: string | undefined,
  cur: Hop,
  hop: number,
  maxRedirects: number,
): Hop | null {
  if (status < 300 || status >= 400 || status === 304 || !location || maxRedirects === 0) return null;
  if (hop >= maxRedirects) throw new OutboundError("redirects", `more than ${maxRedirects} redirects`);
  let url: URL;
  try {
    url = parseTarget(new URL(location, cur.url).toString());
  } catch (e) {
    throw e instanceof OutboundError ? e : new OutboundError("scheme", "the redirect target is not a valid URL");
  }
  let { method, headers, body } = cur;
  if (url.origin !== cur.url.origin)
    headers = Object.fromEntries(
      Object.entries(headers).filter(([k]) => !CREDENTIAL_HEADERS.includes(k.toLowerCase())),
    );
  if (status === 303 || ((status === 301 || status === 302) && method === "POST")) {
    method = method === "HEAD" ? "HEAD" : "GET";
    body = undefined;
    headers = Object.fromEntries(Object.entries(headers).filter(([k]) => !/^content-/i.test(k)));
  }
  return { url, method, headers, body };
}

/** Fetch `rawUrl` under the guard. Throws OutboundError for refusals, timeouts, network failures and oversize bodies. */
export async function safeFetch(rawUrl: string, opts: SafeFetchOptions = {}): Promise<SafeResponse> {
  const deadline = Date.now() + (opts.timeoutMs ?? 10_000);
  let cur: Hop = {
    url: parseTarget(rawUrl),
    method: (opts.method ?? "GET").toUpperCase(),
    headers: { ...(opts.headers ?? {}) },
    body: opts.body,
  };
  for (let hop = 0; ; hop++) {
    const res = await exchange(cur.url, cur.method, cur.headers, cur.body, opts, deadline);
    const next = redirectOf(res.status, res.headers.location, cur, hop, opts.maxRedirects ?? 5);
    if (!next) return res;
    cur = next;
  }
}

async function exchange(
  url: URL,
  method: string,
  headers: Record<string, string>,
  body: string | Buffer | undefined,
  opts: SafeFetchOptions,
  deadline: number,
): Promise<SafeResponse> {
  const remaining = () => deadline - Date.now();
  if (remaining() <= 0) throw new OutboundError("timeout", "the request timed out");
  const addresses = await checkedAddresses(url, opts);
  // The socket connects to the checked address: no second resolution can swap it.
  const lookup = pinnedLookup(addresses);
  const maxBytes = opts.maxBytes ?? 1024 * 1024;
  const lib = url.protocol === "https:" ? https : http;
  const outHeaders: Record<string, string | number> = { ...headers };
  if (body !== undefined) outHeaders["content-length"] = Buffer.byteLength(body);
  return new Promise<SafeResponse>((resolve, reject) => {
    let settled = false;
    const fail = (e: OutboundError) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      req.destroy();
      reject(e);
    };
    const req = lib.request(url, { method, headers: outHeaders, lookup, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      let size = 0;
      let truncated = false;
      res.on("data", (chunk: Buffer) => {
        if (truncated) return;
        if (size + chunk.length > maxBytes) {
          if (!opts.truncate)
            return fail(new OutboundError("too_large", `the response is larger than ${maxBytes} bytes`));
          chunks.push(chunk.subarray(0, maxBytes - size));
          size = maxBytes;
          truncated = true;
          finish();
          return;
        }
        chunks.push(chunk);
        size += chunk.length;
      });
      res.on("end", () => finish());
      res.on("error", () => fail(new OutboundError("network", "the connection failed while reading the answer")));
      function finish() {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        const buf = Buffer.concat(chunks);
        if (truncated) req.destroy();
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          url: url.toString(),
          body: buf,
          truncated,
          text: () => buf.toString("utf8"),
        });
      }
    });
    const timer = setTimeout(() => fail(new OutboundError("timeout", "the request timed out")), remaining());
    req.on("error", (e: NodeJS.ErrnoException) =>
      fail(new OutboundError("network", `the request failed: ${e.code ?? e.message}`)),
    );
    if (body !== undefined) req.write(body);
    req.end();
  });
}

export interface SafeStreamOptions extends Pick<
  SafeFetchOptions,
  "method" | "headers" | "body" | "allowPrivate" | "allowAddresses" | "resolve"
> {
  /** Aborts the request and the answer's stream alike. */
  signal?: AbortSignal;
}

export interface SafeStream {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The answer's body, read as it arrives (destroy it to stop early). */
  body: http.IncomingMessage;
}

/**
 * One request under the same guard as `safeFetch` (scheme, every resolved address checked, the connection made to
 * the checked address), answering as soon as the headers arrive with the body as a stream: for long streamed
 * answers (model calls' server-sent events). No redirects are followed (a 3xx is answered as it is); the caller
 * bounds the time with `signal`. Refusals throw OutboundError; connection failures throw the socket's error (its
 * `code`, e.g. ECONNREFUSED).
 */
export async function safeStream(rawUrl: string, opts: SafeStreamOptions = {}): Promise<SafeStream> {
  const url = parseTarget(rawUrl);
  const addresses = await checkedAddresses(url, opts);
  opts.signal?.throwIfAborted();
  const lookup = pinnedLookup(addresses);
  const lib = url.protocol === "https:" ? https : http;
  const headers: Record<string, string | number> = { ...(opts.headers ?? {}) };
  if (opts.body !== undefined) headers["content-length"] = Buffer.byteLength(opts.body);
  return new Promise<SafeStream>((resolve, reject) => {
    const req = lib.request(
      url,
      { method: (opts.method ?? "GET").toUpperCase(), headers, lookup, agent: false, signal: opts.signal },
      (res) => {
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: res });
      },
    );
    req.on("error", reject);
    if (opts.body !== undefined) req.write(opts.body);
    req.end();
  });
}

/** The guard's part of the options, for `guardedFetch`. */
export type GuardOptions = Pick<SafeFetchOptions, "allowPrivate" | "allowAddresses" | "resolve" | "maxRedirects">;

/** A `fetch` for libraries that take one (the MCP client): the same signature, every request under the guard. */
export type GuardedFetch = (input: string | URL | Request, init?: RequestInit) => Promise<Response>;

/**
 * A `fetch` under the guard for libraries that make their own requests (the MCP SDK's streamable HTTP transport):
 * each request and each redirect hop (followed by hand, as safeFetch does) goes through `safeStream`, so every host is
 * resolved, checked and connected to at the checked address. The answer's body streams (server-sent events).
 */
export function guardedFetch(guard: GuardOptions = {}): GuardedFetch {
  return async (input, init = {}) => {
    const req = input instanceof Request ? input : null;
    const raw = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
    const bodyInit = init.body ?? (req && req.body ? await req.arrayBuffer() : null);
    let cur: Hop = {
      url: parseTarget(raw),
      method: (init.method ?? req?.method ?? "GET").toUpperCase(),
      headers: Object.fromEntries(new Headers(init.headers ?? req?.headers).entries()),
      body:
        bodyInit == null
          ? undefined
          : typeof bodyInit === "string"
            ? bodyInit
            : Buffer.from(await new Response(bodyInit).arrayBuffer()),
    };
    const signal = init.signal ?? req?.signal ?? undefined;
    const redirect = init.redirect ?? "follow";
    for (let hop = 0; ; hop++) {
      const res = await safeStream(cur.url.toString(), {
        method: cur.method,
        headers: cur.headers,
        body: cur.body,
        signal,
        allowPrivate: guard.allowPrivate,
        allowAddresses: guard.allowAddresses,
        resolve: guard.resolve,
      });
      const next =
        redirect === "manual" ? null : redirectOf(res.status, res.headers.location, cur, hop, guard.maxRedirects ?? 5);
      if (!next) return webResponse(res, cur.method);
      res.body.destroy();
      if (redirect === "error") throw new TypeError(`${cur.url.origin} answered with a redirect`);
      cur = next;
    }
  };
}

/** A node answer as a web Response (its body streamed; none for the statuses that have none). */
function webResponse(res: SafeStream, method: string): Response {
  const headers = new Headers();
  for (const [k, v] of Object.entries(res.headers)) {
    if (Array.isArray(v)) for (const one of v) headers.append(k, one);
    else if (v !== undefined) headers.set(k, v);
  }
  const empty = method === "HEAD" || res.status === 204 || res.status === 304 || res.status < 200;
  if (empty) res.body.destroy();
  const body = empty ? null : (Readable.toWeb(res.body) as unknown as ReadableStream<Uint8Array>);
  return new Response(body, { status: res.status, statusText: res.body.statusMessage, headers });
}
