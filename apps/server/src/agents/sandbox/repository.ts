import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { isRepositoryUrl } from "@stride/shared/contract";
import { addressRefusal, OutboundError, parseTarget } from "../../core/safe-fetch.ts";
import dns from "node:dns";

/**
 * The outbound guard of repositories (issue #24 point 4): what git may clone from and push to, by the rules of
 * `core/safe-fetch.ts`. A remote's host is resolved here and every address checked (loopback, private and link-local
 * refused unless OUTBOUND_ALLOW_PRIVATE=1; cloud metadata always), then git is pinned to the checked address so a
 * second answer cannot swap it: `http.curloptResolve` for http(s) (TLS still checks the name), the address in the URL
 * for ssh (with `HostKeyAlias`) and git://; redirects are not followed. A local path or file:// URL is allowed only
 * inside a folder the instance admin listed (SANDBOX_LOCAL_REPOSITORIES, empty by default), after symlinks.
 */

export class RepositoryRefused extends Error {
  /** `dns` and `missing`: not there now (a later try may work); anything else is refused for good. */
  constructor(
    message: string,
    readonly code: "url" | "local" | "missing" | "dns" | "address" = "url",
  ) {
    super(message);
  }
}

export interface RepositoryPolicy {
  /** Folders local repositories may be in (absolute; empty = no local repositories). */
  localDirs: readonly string[];
  allowPrivate: boolean;
  /** Name resolution (tests inject one); default the system's. */
  resolve?: (host: string) => Promise<string[]>;
}

/** What git is given for one repository: the URL to use and the settings that pin it. */
export interface GitRemote {
  /** As the person wrote it. */
  original: string;
  /** What git connects to. */
  url: string;
  /** `-c` settings for every git call on this remote. */
  config: string[];
  /** A local repository's folder (git must be told it is trusted: it belongs to another user). */
  localDir: string | null;
  /** GIT_SSH_COMMAND for ssh remotes pinned to an address. */
  sshCommand: string | null;
}

const SSH = "ssh -o BatchMode=yes -o StrictHostKeyChecking=yes";

async function systemResolve(host: string): Promise<string[]> {
  return (await dns.promises.lookup(host, { all: true, verbatim: true })).map((r) => r.address);
}

/** The folder a local path or file:// URL names, or null for a remote. */
function localPath(url: string): string | null {
  if (url.startsWith("/")) return url;
  if (/^file:\/\//i.test(url)) {
    try {
      const u = new URL(url);
      if (u.host && u.host !== "localhost")
        throw new RepositoryRefused(`"${url}" names another machine; a file:// URL must be a local folder.`);
      return decodeURIComponent(u.pathname);
    } catch (e) {
      if (e instanceof RepositoryRefused) throw e;
      throw new RepositoryRefused(`"${url}" is not a file URL.`);
    }
  }
  return null;
}

const inside = (dir: string, root: string) => dir === root || dir.startsWith(root.endsWith("/") ? root : `${root}/`);

function checkLocal(original: string, p: string, policy: RepositoryPolicy): GitRemote {
  const allowed = policy.localDirs.filter(Boolean);
  const refusal = `Local repositories are allowed only in the folders the instance admin listed (SANDBOX_LOCAL_REPOSITORIES)${allowed.length ? "" : ", and there are none"}: "${original}" is not in one.`;
  const lexical = path.resolve(p);
  if (!allowed.some((root) => inside(lexical, path.resolve(root)))) throw new RepositoryRefused(refusal, "local");
  let real: string;
  try {
    real = fs.realpathSync(lexical);
  } catch {
    throw new RepositoryRefused(`The repository "${original}" does not exist.`, "missing");
  }
  // after links too: a link inside an allowed folder may not lead out of it
  const roots = allowed.map((r) => {
    try {
      return fs.realpathSync(r);
    } catch {
      return path.resolve(r);
    }
  });
  if (!roots.some((root) => inside(real, root))) throw new RepositoryRefused(refusal, "local");
  return { original, url: real, config: ["protocol.file.allow=always"], localDir: real, sshCommand: null };
}

async function checkedAddress(host: string, policy: RepositoryPolicy, original: string): Promise<string> {
  const bare = host.replace(/^\[|\]$/g, "");
  let ips: string[];
  if (net.isIP(bare)) ips = [bare];
  else {
    try {
      ips = await (policy.resolve ?? systemResolve)(bare);
    } catch {
      ips = [];
    }
    if (!ips.length) throw new RepositoryRefused(`The host of "${original}" (${bare}) could not be resolved.`, "dns");
  }
  for (const ip of ips) {
    const why = addressRefusal(ip, policy.allowPrivate);
    if (why)
      throw new RepositoryRefused(
        `"${original}" resolves to ${why} (${ip}), which repositories may not be fetched from.`,
        "address",
      );
  }
  return ips[0];
}

const bracket = (ip: string) => (net.isIPv6(ip) ? `[${ip}]` : ip);

/** Check a repository URL against the policy; the remote git is to use, or RepositoryRefused with the reason. */
export async function guardRepository(url: string, policy: RepositoryPolicy): Promise<GitRemote> {
  if (!isRepositoryUrl(url)) throw new RepositoryRefused(`"${url}" is not a repository URL git can check out.`);
  const local = localPath(url);
  if (local !== null) return checkLocal(url, local, policy);
  const base = ["protocol.file.allow=never", "protocol.ext.allow=never", "http.followRedirects=false"];
  if (/^https?:\/\//i.test(url)) {
    let u: URL;
    try {
      u = parseTarget(url);
    } catch (e) {
      throw new RepositoryRefused(`"${url}": ${e instanceof OutboundError ? e.message : "not a valid URL"}.`);
    }
    const ip = await checkedAddress(u.hostname, policy, url);
    const port = u.port || (u.protocol === "https:" ? "443" : "80");
    const host = u.hostname.replace(/^\[|\]$/g, "");
    const pins = net.isIP(host) ? [] : [`http.curloptResolve=${host}:${port}:${bracket(ip)}`];
    return { original: url, url, config: [...base, ...pins], localDir: null, sshCommand: null };
  }
  if (/^git:\/\//i.test(url)) {
    const u = new URL(url);
    const ip = await checkedAddress(u.hostname, policy, url);
    u.hostname = bracket(ip);
    return { original: url, url: u.toString(), config: base, localDir: null, sshCommand: null };
  }
  // ssh://[user@]host[:port]/path or user@host:path: the same form with the checked address for the host
  const sshUrl = /^ssh:\/\/(?:([^@/]+)@)?(\[[^\]]+\]|[^/:]+)(?::(\d+))?(\/.*)$/i.exec(url);
  const scp = /^([\w.-]+)@([\w.-]+):(.+)$/.exec(url);
  if (!sshUrl && !scp) throw new RepositoryRefused(`"${url}" is not a repository URL git can check out.`);
  const host = (sshUrl ? sshUrl[2] : scp![2]).replace(/^\[|\]$/g, "");
  const ip = await checkedAddress(host, policy, url);
  const pinned = sshUrl
    ? `ssh://${sshUrl[1] ? `${sshUrl[1]}@` : ""}${bracket(ip)}${sshUrl[3] ? `:${sshUrl[3]}` : ""}${sshUrl[4]}`
    : `${scp![1]}@${bracket(ip)}:${scp![3]}`;
  return { original: url, url: pinned, config: base, localDir: null, sshCommand: `${SSH} -o HostKeyAlias=${host}` };
}
