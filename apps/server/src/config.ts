import path from "node:path";
import crypto from "node:crypto";

/** All configuration comes from environment variables; README documents each one. */
export interface Config {
  port: number;
  host: string;
  databaseUrl: string | undefined;
  dataDir: string;
  /** EMBEDDED_PG_PORT; unset = the port remembered in DATA_DIR/postgres.port, else 54329, else a free one. */
  embeddedPgPort: number | undefined;
  /** How long a request may wait for a database connection before a 503. */
  dbAcquireTimeoutMs: number;
  secretKey: string;
  webUrl: string | undefined;
  /** Further origins (scheme://host[:port]) allowed to call the API with cookies, besides WEB_URL's and the request's own. */
  corsAllowedOrigins: string[];
  sessionCookieName: string;
  adminSessionCookieName: string;
  cookieDomain: string | undefined;
  cookieSecure: boolean;
  sessionMaxAge: number;
  adminSessionMaxAge: number;
  rateLimitPerMinute: number;
  /** Failed password (and reset-token) checks per account from one client IP per 15 minutes before that IP waits (core/rate-limit.ts); 0 = off. */
  authAccountPasswordFailures: number;
  /** Wrong magic codes per email from one client IP per 15 minutes before that IP waits; 0 = off. */
  authAccountCodeFailures: number;
  /** Sign-in code and password-reset mails per address asked for from one client IP per hour; 0 = off. */
  authAccountMailsPerHour: number;
  webDist: string | undefined;
  logLevel: string;
  runWorkers: boolean;
  /** Background jobs this instance runs at once (JOB_CONCURRENCY). */
  jobConcurrency: number;
  /** Addresses/CIDRs of reverse proxies whose X-Forwarded-* headers are trusted, comma-separated ("loopback" works); empty = none. */
  trustProxy: string;
  /** Longest the app page waits to embed the screen's data (SCREEN_DATA_BUDGET_MS, default 3000). */
  screenDataBudgetMs: number;
  /** How long new notifications wait to be mailed together (NOTIFICATION_MAIL_DELAY_MS). */
  notificationMailDelayMs: number;
  /** How long the model-configuration test call waits for a complete answer (MODEL_TEST_TIMEOUT_MS). */
  modelTestTimeoutMs: number;
  /** OUTBOUND_ALLOW_PRIVATE=1: outgoing requests (webhooks, link titles, importers, model calls) may reach loopback and private networks (core/safe-fetch.ts). */
  outboundAllowPrivate: boolean;
  /**
   * Where the fixed-host sign-in providers (Google, GitHub) are reached, per provider and endpoint
   * (`authorize`, `token`, `api`); empty = their public hosts. Not read from the environment: the tests point
   * them at loopback stand-ins with it.
   */
  oauthEndpointOverrides: Partial<Record<"google" | "github", Partial<Record<"authorize" | "token" | "api", string>>>>;
  /** Where uploads live: `local` (DATA_DIR/uploads, default) or `s3` (STORAGE=s3, storage/s3.ts). */
  storage: "local" | "s3";
  /** The S3-compatible store when `storage` is s3. */
  s3: S3Config | undefined;
  /** GITHUB_API_BASE: the GitHub REST API the GitHub importer reads (default https://api.github.com; GitHub Enterprise: https://host/api/v3). */
  githubApiBase: string;
}

export interface S3Config {
  bucket: string;
  region: string;
  /** S3_ENDPOINT: an S3-compatible server (MinIO, Garage, R2, …); unset = AWS. */
  endpoint: string | undefined;
  /** S3_FORCE_PATH_STYLE=1: `endpoint/bucket/key` instead of `bucket.endpoint/key`. */
  forcePathStyle: boolean;
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
}

/** STORAGE=s3 with S3_BUCKET, S3_REGION, S3_ENDPOINT, S3_FORCE_PATH_STYLE, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY. */
export function loadS3Config(env: NodeJS.ProcessEnv): S3Config | undefined {
  if (env.STORAGE !== "s3") return undefined;
  const bucket = env.S3_BUCKET || env.AWS_S3_BUCKET_NAME;
  if (!bucket) throw new Error("STORAGE=s3 needs S3_BUCKET (the bucket uploads go to)");
  const endpoint = env.S3_ENDPOINT || env.AWS_S3_ENDPOINT_URL || undefined;
  if (endpoint && !/^https?:\/\/[^/\s]+\/?$/.test(endpoint)) throw new Error(`S3_ENDPOINT: "${endpoint}" is not a URL such as https://s3.example.com (scheme, host and optional port)`);
  return {
    bucket,
    region: env.S3_REGION || env.AWS_REGION || "us-east-1",
    endpoint: endpoint?.replace(/\/+$/, ""),
    forcePathStyle: env.S3_FORCE_PATH_STYLE === "1" || env.S3_FORCE_PATH_STYLE === "true",
    accessKeyId: env.S3_ACCESS_KEY_ID || env.AWS_ACCESS_KEY_ID || undefined,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY || env.AWS_SECRET_ACCESS_KEY || undefined,
  };
}

/** The origin browsers reach the bucket at (presigned uploads and downloads), for the CSP; null for local storage. */
export function storageOrigin(config: Pick<Config, "s3">): string | null {
  const s3 = config.s3;
  if (!s3) return null;
  if (!s3.endpoint) return `https://${s3.bucket}.s3.${s3.region}.amazonaws.com`;
  const u = new URL(s3.endpoint);
  return s3.forcePathStyle ? u.origin : `${u.protocol}//${s3.bucket}.${u.host}`;
}

function num(v: string | undefined, d: number): number {
  const n = v === undefined || v === "" ? NaN : Number(v);
  return Number.isFinite(n) ? n : d;
}

/**
 * A comma-separated list of origins (`https://app.example.com,http://localhost:5173`), each normalised to
 * `scheme://host[:port]`. Anything else (a path, a wildcard, a bare host) stops the start with a clear message.
 */
export function parseOrigins(raw: string | undefined): string[] {
  const out: string[] = [];
  for (const item of (raw ?? "").split(",").map((s) => s.trim()).filter(Boolean)) {
    let url: URL | undefined;
    try {
      url = new URL(item);
    } catch {
      url = undefined;
    }
    const bare = url && (url.protocol === "http:" || url.protocol === "https:") && !url.username && !url.password
      && (url.pathname === "/" || url.pathname === "") && !url.search && !url.hash;
    if (!url || !bare) throw new Error(`CORS_ALLOWED_ORIGINS: "${item}" is not an origin such as https://app.example.com (scheme, host and optional port; no path or wildcard)`);
    out.push(url.origin);
  }
  return out;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const dataDir = path.resolve(env.DATA_DIR || "./data");
  return {
    port: num(env.PORT, 3000),
    host: env.HOST || "0.0.0.0",
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir,
    embeddedPgPort: env.EMBEDDED_PG_PORT ? num(env.EMBEDDED_PG_PORT, NaN) : undefined,
    dbAcquireTimeoutMs: num(env.DB_ACQUIRE_TIMEOUT_MS, 5000),
    secretKey: env.SECRET_KEY || "",
    webUrl: env.WEB_URL || env.APP_BASE_URL || undefined,
    corsAllowedOrigins: parseOrigins(env.CORS_ALLOWED_ORIGINS),
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
    screenDataBudgetMs: Math.max(0, num(env.SCREEN_DATA_BUDGET_MS, 3000)),
    notificationMailDelayMs: Math.max(0, num(env.NOTIFICATION_MAIL_DELAY_MS, 120_000)),
    modelTestTimeoutMs: num(env.MODEL_TEST_TIMEOUT_MS, 30000),
    outboundAllowPrivate: env.OUTBOUND_ALLOW_PRIVATE === "1" || env.OUTBOUND_ALLOW_PRIVATE === "true",
    oauthEndpointOverrides: {},
    storage: env.STORAGE === "s3" ? "s3" : "local",
    s3: loadS3Config(env),
    githubApiBase: env.GITHUB_API_BASE || "https://api.github.com",
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
