import dns from "node:dns";
import http from "node:http";
import https from "node:https";
import net from "node:net";
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
  constructor(readonly code: RefusalCode, message: string) {
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
  ["0.0.0.0", 8], ["10.0.0.0", 8], ["100.64.0.0", 10], ["127.0.0.0", 8], ["169.254.0.0", 16], ["172.16.0.0", 12],
  ["192.0.0.0", 24], ["192.0.2.0", 24], ["192.88.99.0", 24], ["192.168.0.0", 16], ["198.18.0.0", 15],
  ["198.51.100.0", 24], ["203.0.113.0", 24], ["224.0.0.0", 4], ["240.0.0.0", 4],
] as const) PRIVATE.addSubnet(a, p, "ipv4");
for (const [a, p] of [
  ["::", 128], ["::1", 128], ["100::", 64], ["2001:db8::", 32], ["fc00::", 7], ["fe80::", 10], ["fec0::", 10], ["ff00::", 8],
] as const) PRIVATE.addSubnet(a, p, "ipv6");
for (const a of ["169.254.169.254", "169.254.170.2", "100.100.100.200", "192.0.0.192"]) METADATA.addAddress(a, "ipv4");
METADATA.addAddress("fd00:ec2::254", "ipv6");

/** The IPv4 address an IPv6 address carries (mapped ::ffff:a.b.c.d, NAT64 64:ff9b::/96, compatible ::a.b.c.d), if any. */
function embeddedV4(ip: string): string | null {
  const lower = ip.toLowerCase();
  const dotted = /^(?:::ffff:|64:ff9b::|::)(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  if (dotted) return dotted[1];
  const hex = /^(?:::ffff:|64:ff9b::)([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(lower);
  if (hex) {
    const hi = parseInt(hex[1], 16), lo = parseInt(hex[2], 16);
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
  if (url.protocol !== "http:" && url.protocol !== "https:") throw new OutboundError("scheme", "only http and https URLs can be fetched");
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
    if (why) throw new OutboundError("address", `${host} resolves to ${why} (${ip}), which outgoing requests may not reach`);
  }
  return ips.map((address) => ({ address, family: net.isIPv6(address) ? 6 : 4 }));
}

/**
 * Check a URL without fetching it (when a user saves one): the scheme, and every address its host resolves to now.
 * Throws OutboundError (`scheme`, `dns`, `address`). Fetching checks again, per hop.
 */
export async function assertFetchable(rawUrl: string, opts: Pick<SafeFetchOptions, "allowPrivate" | "allowAddresses" | "resolve"> = {}): Promise<void> {
  await checkedAddresses(parseTarget(rawUrl), opts);
}

/** A socket `lookup` that answers the addresses already checked (no second resolution can swap them). */
function pinnedLookup(addresses: { address: string; family: 4 | 6 }[]): LookupFunction {
  return (_host, options, cb) => {
    if ((options as dns.LookupOptions).all) (cb as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, addresses);
    else cb(null, addresses[0].address, addresses[0].family);
  };
}

const CREDENTIAL_HEADERS = ["authorization", "cookie", "proxy-authorization", "x-api-key"];

/** Fetch `rawUrl` under the guard. Throws OutboundError for refusals, timeouts, network failures and oversize bodies. */
export async function safeFetch(rawUrl: string, opts: SafeFetchOptions = {}): Promise<SafeResponse> {
  const deadline = Date.now() + (opts.timeoutMs ?? 10_000);
  const maxRedirects = opts.maxRedirects ?? 5;
  let url = parseTarget(rawUrl);
  let method = (opts.method ?? "GET").toUpperCase();
  let body = opts.body;
  let headers = { ...(opts.headers ?? {}) };
  for (let hop = 0; ; hop++) {
    const res = await exchange(url, method, headers, body, opts, deadline);
    const location = res.headers.location;
    if (res.status < 300 || res.status >= 400 || res.status === 304 || !location || maxRedirects === 0) return res;
    if (hop >= maxRedirects) throw new OutboundError("redirects", `more than ${maxRedirects} redirects`);
    let next: URL;
    try {
      next = parseTarget(new URL(location, url).toString());
    } catch (e) {
      throw e instanceof OutboundError ? e : new OutboundError("scheme", "the redirect target is not a valid URL");
    }
    if (next.origin !== url.origin) {
      headers = Object.fromEntries(Object.entries(headers).filter(([k]) => !CREDENTIAL_HEADERS.includes(k.toLowerCase())));
    }
    if (res.status === 303 || ((res.status === 301 || res.status === 302) && method === "POST")) {
      method = method === "HEAD" ? "HEAD" : "GET";
      body = undefined;
      headers = Object.fromEntries(Object.entries(headers).filter(([k]) => !/^content-/i.test(k)));
    }
    url = next;
  }
}

async function exchange(
  url: URL, method: string, headers: Record<string, string>, body: string | Buffer | undefined, opts: SafeFetchOptions, deadline: number,
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
          if (!opts.truncate) return fail(new OutboundError("too_large", `the response is larger than ${maxBytes} bytes`));
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
        resolve({ status: res.statusCode ?? 0, headers: res.headers, url: url.toString(), body: buf, truncated, text: () => buf.toString("utf8") });
      }
    });
    const timer = setTimeout(() => fail(new OutboundError("timeout", "the request timed out")), remaining());
    req.on("error", (e: NodeJS.ErrnoException) => fail(new OutboundError("network", `the request failed: ${e.code ?? e.message}`)));
    if (body !== undefined) req.write(body);
    req.end();
  });
}

export interface SafeStreamOptions extends Pick<SafeFetchOptions, "method" | "headers" | "body" | "allowPrivate" | "allowAddresses" | "resolve"> {
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
    const req = lib.request(url, { method: (opts.method ?? "GET").toUpperCase(), headers, lookup, agent: false, signal: opts.signal }, (res) => {
      resolve({ status: res.statusCode ?? 0, headers: res.headers, body: res });
    });
    req.on("error", reject);
    if (opts.body !== undefined) req.write(opts.body);
    req.end();
  });
}
