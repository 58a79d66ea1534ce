import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addressRefusal, guardedFetch, OutboundError, safeFetch } from "./safe-fetch.ts";

describe("addressRefusal", () => {
  it.each([
    "127.0.0.1",
    "127.8.9.10",
    "10.1.2.3",
    "172.16.0.1",
    "172.31.255.255",
    "192.168.1.1",
    "100.64.0.1",
    "169.254.1.1",
    "0.0.0.0",
    "224.0.0.1",
    "255.255.255.255",
    "::1",
    "::",
    "fe80::1",
    "fc00::1",
    "fd12:3456::1",
    "::ffff:127.0.0.1",
    "::ffff:7f00:1",
    "64:ff9b::a00:1",
    "::ffff:10.0.0.1",
  ])("refuses the internal address %s", (ip) => {
    expect(addressRefusal(ip)).toBe("an internal address");
  });

  it.each(["8.8.8.8", "1.1.1.1", "172.32.0.1", "100.128.0.1", "2606:4700:4700::1111", "::ffff:8.8.8.8"])(
    "allows the public address %s",
    (ip) => {
      expect(addressRefusal(ip)).toBeNull();
    },
  );

  it("allows internal addresses when the instance allows them, but never the metadata endpoints", () => {
    expect(addressRefusal("127.0.0.1", true)).toBeNull();
    expect(addressRefusal("10.0.0.1", true)).toBeNull();
    for (const ip of ["169.254.169.254", "::ffff:169.254.169.254", "fd00:ec2::254", "100.100.100.200"]) {
      expect(addressRefusal(ip, true)).toBe("a cloud metadata address");
      expect(addressRefusal(ip)).toBe("a cloud metadata address");
    }
  });
});

describe("safeFetch", () => {
  let server: http.Server;
  let base = "";
  const seen: { url: string; method: string; auth?: string; body: string }[] = [];
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      let body = "";
      req.on("data", (c) => (body += c));
      req.on("end", () => {
        seen.push({ url: req.url ?? "", method: req.method ?? "", auth: req.headers.authorization, body });
        const u = new URL(req.url ?? "/", "http://x");
        if (u.pathname === "/redirect") {
          res.writeHead(Number(u.searchParams.get("code") ?? 302), { location: u.searchParams.get("to") ?? "/ok" });
          return res.end();
        }
        if (u.pathname === "/loop") {
          res.writeHead(302, { location: "/loop" });
          return res.end();
        }
        if (u.pathname === "/big") {
          res.writeHead(200);
          return res.end("x".repeat(5000));
        }
        if (u.pathname === "/slow") return; // never answers
        res.writeHead(200, { "content-type": "text/plain" });
        res.end(`ok ${req.method}`);
      });
    });
    await new Promise<void>((r) => server.listen(0, "0.0.0.0", r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  });

  const refusal = async (p: Promise<unknown>) => {
    const e = await p.then(
      () => null,
      (err: unknown) => err,
    );
    expect(e).toBeInstanceOf(OutboundError);
    return e as OutboundError;
  };

  it("refuses a loopback target unless internal targets are allowed", async () => {
    const before = seen.length;
    expect((await refusal(safeFetch(`${base}/ok`))).code).toBe("address");
    expect(seen.length).toBe(before); // nothing was sent
    const res = await safeFetch(`${base}/ok`, { allowPrivate: true });
    expect(res.status).toBe(200);
    expect(res.text()).toBe("ok GET");
  });

  it("refuses a hostname that resolves to a private address, and connects to the address it checked", async () => {
    const port = new URL(base).port;
    expect(
      (
        await refusal(
          safeFetch(`http://intranet.example:${port}/ok`, { resolve: async () => ["93.184.216.34", "10.0.0.5"] }),
        )
      ).code,
    ).toBe("address");
    expect((await refusal(safeFetch(`http://localhost:${port}/ok`))).code).toBe("address");
    // the name resolves once, to the checked address, which is where the socket goes
    let calls = 0;
    const res = await safeFetch(`http://rebind.example:${port}/ok`, {
      allowPrivate: true,
      resolve: async () => (calls++ === 0 ? ["127.0.0.1"] : ["10.9.9.9"]),
    });
    expect(res.status).toBe(200);
    expect(calls).toBe(1);
  });

  it("checks every redirect: an allowed host redirecting to 127.0.0.1 is refused before the second request", async () => {
    // the listener is also reachable on 127.0.0.2, which this call trusts by exact address; 127.0.0.1 is not trusted
    const port = new URL(base).port;
    const before = seen.length;
    const to = encodeURIComponent(`http://127.0.0.1:${port}/ok`);
    const e = await refusal(safeFetch(`http://127.0.0.2:${port}/redirect?to=${to}`, { allowAddresses: ["127.0.0.2"] }));
    expect(e.code).toBe("address");
    expect(e.message).toContain("127.0.0.1");
    expect(seen.slice(before).map((r) => r.url)).toEqual([`/redirect?to=${to}`]);
    // a redirect to a name resolving to a private address is refused the same way
    const named = encodeURIComponent(`http://localhost:${port}/ok`);
    expect(
      (await refusal(safeFetch(`http://127.0.0.2:${port}/redirect?to=${named}`, { allowAddresses: ["127.0.0.2"] })))
        .code,
    ).toBe("address");
    // metadata stays refused on a redirect even when internal targets are allowed
    const meta = encodeURIComponent("http://169.254.169.254/latest/meta-data/");
    expect((await refusal(safeFetch(`${base}/redirect?to=${meta}`, { allowPrivate: true }))).message).toContain(
      "metadata",
    );
    // with internal targets allowed, the chain is followed to the end
    const res = await safeFetch(`${base}/redirect?to=${to}`, { allowPrivate: true });
    expect(res.status).toBe(200);
    expect(res.url).toBe(`http://127.0.0.1:${port}/ok`);
    // maxRedirects 0 returns the 3xx itself
    expect((await safeFetch(`${base}/redirect?to=${to}`, { allowPrivate: true, maxRedirects: 0 })).status).toBe(302);
  });

  it("bounds redirects, drops credentials across origins and turns a 303 into a GET", async () => {
    expect((await refusal(safeFetch(`${base}/loop`, { allowPrivate: true, maxRedirects: 3 }))).code).toBe("redirects");
    const port = new URL(base).port;
    const before = seen.length;
    const other = `http://localhost:${port}/ok`; // another origin, same listener
    const res = await safeFetch(`${base}/redirect?code=303&to=${encodeURIComponent(other)}`, {
      method: "POST",
      body: "{}",
      headers: { authorization: "Bearer secret", "content-type": "application/json" },
      allowPrivate: true,
    });
    expect(res.text()).toBe("ok GET");
    expect(seen[before].auth).toBe("Bearer secret");
    expect(seen[before + 1]).toMatchObject({ method: "GET", auth: undefined, body: "" });
  });

  it("caps the body and times out", async () => {
    expect((await refusal(safeFetch(`${base}/big`, { allowPrivate: true, maxBytes: 1000 }))).code).toBe("too_large");
    const cut = await safeFetch(`${base}/big`, { allowPrivate: true, maxBytes: 1000, truncate: true });
    expect(cut.body.length).toBe(1000);
    expect(cut.truncated).toBe(true);
    expect((await refusal(safeFetch(`${base}/slow`, { allowPrivate: true, timeoutMs: 200 }))).code).toBe("timeout");
  });

  it("guardedFetch: a fetch under the same guard, every redirect hop checked, the answer streamed", async () => {
    const port = new URL(base).port;
    const before = seen.length;
    // refused before anything is sent: by address, and by a name resolving to an internal one
    expect((await refusal(guardedFetch()(`${base}/ok`))).code).toBe("address");
    expect((await refusal(guardedFetch()(`http://localhost:${port}/ok`))).code).toBe("address");
    expect(seen.length).toBe(before);
    // an allowed host redirecting to an internal one: refused before the second request
    const to = encodeURIComponent(`http://127.0.0.1:${port}/ok`);
    const e = await refusal(
      guardedFetch({ allowAddresses: ["127.0.0.2"] })(`http://127.0.0.2:${port}/redirect?code=307&to=${to}`, {
        method: "POST",
        body: "{}",
      }),
    );
    expect(e.message).toContain("127.0.0.1");
    expect(seen.slice(before).map((r) => r.url)).toEqual([`/redirect?code=307&to=${to}`]);
    // allowed: a web Response, method, headers and body sent; a 307 keeps them, credentials stay on the origin
    const res = await guardedFetch({ allowPrivate: true })(`${base}/redirect?code=307&to=/ok`, {
      method: "POST",
      headers: new Headers({ authorization: "Bearer t" }),
      body: '{"a":1}',
    });
    expect(res).toBeInstanceOf(Response);
    expect([res.status, res.headers.get("content-type"), await res.text()]).toEqual([200, "text/plain", "ok POST"]);
    expect(seen.at(-1)).toMatchObject({ method: "POST", auth: "Bearer t", body: '{"a":1}' });
    // redirect: "manual" answers the 3xx itself (the MCP client follows same-origin redirects through it again)
    const manual = await guardedFetch({ allowPrivate: true })(`${base}/redirect?to=/ok`, { redirect: "manual" });
    expect([manual.status, manual.headers.get("location")]).toEqual([302, "/ok"]);
  });

  it("refuses other schemes", async () => {
    expect((await refusal(safeFetch("file:///etc/passwd"))).code).toBe("scheme");
    expect((await refusal(safeFetch("ftp://example.com/"))).code).toBe("scheme");
  });
});
