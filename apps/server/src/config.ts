import path from "node:path";
import crypto from "node:crypto";

/** All configuration comes from environment variables; README documents each one. */
export interface Config {
  port: number;
  host: string;
  databaseUrl: string | undefined;
  dataDir: string;
  embeddedPgPort: number;
  secretKey: string;
  webUrl: string | undefined;
  sessionCookieName: string;
  adminSessionCookieName: string;
  cookieDomain: string | undefined;
  cookieSecure: boolean;
  sessionMaxAge: number;
  adminSessionMaxAge: number;
  rateLimitPerMinute: number;
  /** Failed password (and reset-token) checks allowed per account per 15 minutes, whatever the IP; 0 = off. */
  authAccountPasswordFailures: number;
  /** Wrong magic codes allowed per email per 15 minutes; 0 = off. */
  authAccountCodeFailures: number;
  /** Sign-in code and password-reset mails per address per hour; 0 = off. */
  authAccountMailsPerHour: number;
  webDist: string | undefined;
  logLevel: string;
  runWorkers: boolean;
  /** Background jobs this instance runs at once (JOB_CONCURRENCY). */
  jobConcurrency: number;
  /** Addresses/CIDRs of reverse proxies whose X-Forwarded-* headers are trusted, comma-separated ("loopback" works); empty = none. */
  trustProxy: string;
}

function num(v: string | undefined, d: number): number {
  const n = v === undefined || v === "" ? NaN : Number(v);
  return Number.isFinite(n) ? n : d;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const dataDir = path.resolve(env.DATA_DIR || "./data");
  return {
    port: num(env.PORT, 3000),
    host: env.HOST || "0.0.0.0",
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir,
    embeddedPgPort: num(env.EMBEDDED_PG_PORT, 54329),
    secretKey: env.SECRET_KEY || "",
    webUrl: env.WEB_URL || env.APP_BASE_URL || undefined,
    sessionCookieName: env.SESSION_COOKIE_NAME || "session-id",
    adminSessionCookieName: env.ADMIN_SESSION_COOKIE_NAME || "admin-session-id",
    cookieDomain: env.COOKIE_DOMAIN || undefined,
    cookieSecure: env.COOKIE_SECURE === "1" || env.COOKIE_SECURE === "true",
    sessionMaxAge: num(env.SESSION_COOKIE_AGE, 604800),
    adminSessionMaxAge: num(env.ADMIN_SESSION_COOKIE_AGE, 3600),
    rateLimitPerMinute: num(env.AUTH_RATE_LIMIT_PER_MINUTE, 30),
    authAccountPasswordFailures: num(env.AUTH_ACCOUNT_PASSWORD_FAILURES, 10),
    authAccountCodeFailures: num(env.AUTH_ACCOUNT_CODE_FAILURES, 8),
    authAccountMailsPerHour: num(env.AUTH_ACCOUNT_MAILS_PER_HOUR, 10),
    webDist: env.WEB_DIST || undefined,
    logLevel: env.LOG_LEVEL || "warn",
    runWorkers: env.RUN_WORKERS !== "0",
    jobConcurrency: Math.max(1, Math.floor(num(env.JOB_CONCURRENCY, 4))),
    trustProxy: env.TRUST_PROXY || "",
    ...overrides,
  };
}

/** A stable per-install secret for encrypting configuration secrets, kept in the data folder if not given. */
export function ensureSecretKey(config: Config, readFile: (p: string) => string | undefined, writeFile: (p: string, s: string) => void): string {
  if (config.secretKey) return config.secretKey;
  const file = path.join(config.dataDir, "secret.key");
  const existing = readFile(file);
  if (existing) return existing.trim();
  const key = crypto.randomBytes(32).toString("hex");
  writeFile(file, key);
  return key;
}
