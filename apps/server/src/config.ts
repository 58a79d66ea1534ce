import path from "node:path";
import os from "node:os";
import crypto from "node:crypto";
import { MAX_UPLOAD_SIZE } from "@stride/shared";
import {
  bool,
  cgroupPath,
  ConfigError,
  env,
  folders,
  group,
  httpOrigin,
  httpUrl,
  int,
  ms,
  oneOf,
  origins,
  port,
  postgresUrl,
  readSetting,
  seconds,
  text,
  type Setting,
  type SettingValue,
} from "./config-schema.ts";

export { ConfigError } from "./config-schema.ts";

/**
 * Every environment variable Stride reads, declared once: name, kind, default, meaning (and aliases). `loadConfig`
 * reads them into `Config` (keys below = its fields); a bad value stops start-up with a ConfigError naming the
 * variable; `npm run docs:config` writes the README's tables from this list, and `config.test.ts` fails when the
 * README differs or when code reads a variable not declared here. A new variable is one line in its group.
 */
export const SETTINGS = {
  ...group("Server", {
    port: env("PORT", port, 3000, "HTTP port for the API and the web app"),
    host: env("HOST", text, "0.0.0.0", "Interface to listen on"),
    webUrl: env(
      "WEB_URL",
      httpUrl,
      undefined,
      "Public base URL of the app, used in redirects and emailed links; its origin may call the API with cookies",
      { aliases: ["APP_BASE_URL"], defaultText: "request origin" },
    ),
    corsAllowedOrigins: env(
      "CORS_ALLOWED_ORIGINS",
      origins,
      [] as string[],
      "Comma-separated further origins (`https://app.example.com`, scheme + host + optional port) allowed credentialed CORS and cookie-authenticated writes; the app's own origin and `WEB_URL`'s always are",
    ),
    trustProxy: env(
      "TRUST_PROXY",
      text,
      "",
      "Comma-separated addresses/CIDRs of reverse proxies whose `X-Forwarded-*` headers are trusted (`loopback` for a local proxy); empty trusts none",
      { defaultText: "empty" },
    ),
    webDist: env("WEB_DIST", text, undefined, "Folder of the built web app", { defaultText: "`apps/web/dist`" }),
    screenDataBudgetMs: env(
      "SCREEN_DATA_BUDGET_MS",
      ms(),
      3000,
      "Longest an app page waits to embed the screen's data for the signed-in caller; what is not ready by then the browser asks for itself",
    ),
    localDbEnabled: env(
      "LOCAL_DB_ENABLED",
      bool,
      true,
      "Default of the web app's offline local database (work items kept in the browser for fast lists, read when the server cannot be reached); each person can turn it off or on for their browser in their profile. `0`: off unless turned on there",
    ),
    logLevel: env(
      "LOG_LEVEL",
      oneOf(["trace", "debug", "info", "warn", "error", "fatal", "silent"]),
      "warn",
      "`info` or `debug` also log every request; every 5xx is logged at `error` with its stack and request id (answered in `X-Request-Id`) whatever the level (`fatal` and `silent` read as `error`). Logs are JSON lines on stdout",
    ),
  }),
  ...group("Data", {
    dataDir: env(
      "DATA_DIR",
      text,
      "./data",
      "Data folder: embedded PostgreSQL cluster, uploaded files (local storage), generated secret key",
    ),
    databaseUrl: env(
      "DATABASE_URL",
      postgresUrl,
      undefined,
      "`postgres://user:pass@host:port/db` of an external PostgreSQL; when unset the embedded one is used",
      { secret: true },
    ),
    embeddedPgPort: env(
      "EMBEDDED_PG_PORT",
      port,
      undefined,
      "Port of the embedded PostgreSQL (loopback only); when set and taken by another program, start-up fails. Its superuser password is generated into `DATA_DIR/postgres.password` (mode 0600)",
      { defaultText: "`54329`, or a free port when that is taken, remembered in `DATA_DIR/postgres.port`" },
    ),
    dbAcquireTimeoutMs: env(
      "DB_ACQUIRE_TIMEOUT_MS",
      ms(1),
      5000,
      "How long a request waits for a database connection before it gets `503` with `Retry-After`",
    ),
    secretKey: env(
      "SECRET_KEY",
      text,
      "",
      "Encrypts configuration secrets at rest and signs tokens; set the same value on every instance",
      { secret: true, defaultText: "generated into `DATA_DIR/secret.key`" },
    ),
  }),
  ...group("Sessions and sign-in", {
    sessionCookieName: env("SESSION_COOKIE_NAME", text, "session-id", "App session cookie"),
    adminSessionCookieName: env("ADMIN_SESSION_COOKIE_NAME", text, "admin-session-id", "God-mode session cookie"),
    sessionMaxAge: env("SESSION_COOKIE_AGE", seconds, 604800, "App session lifetime"),
    adminSessionMaxAge: env("ADMIN_SESSION_COOKIE_AGE", seconds, 3600, "God-mode session lifetime"),
    cookieDomain: env("COOKIE_DOMAIN", text, undefined, "Cookie domain", { defaultText: "host-only" }),
    cookieSecure: env(
      "COOKIE_SECURE",
      bool,
      false,
      "`1` to mark cookies Secure and send HSTS and `upgrade-insecure-requests` (served over HTTPS)",
    ),
    rateLimitPerMinute: env(
      "AUTH_RATE_LIMIT_PER_MINUTE",
      int(1),
      30,
      "Anonymous auth endpoint limit per IP per minute",
    ),
    authAccountPasswordFailures: env(
      "AUTH_ACCOUNT_PASSWORD_FAILURES",
      int(0),
      10,
      "Failed password checks per account from one client IP per 15 minutes (app and god-mode sign-in, change-password; also reset-link token failures) before that IP is slowed down: each further failure doubles its wait (15 s, 30 s, … up to 15 min, answered 429/5900 with `Retry-After`); other IPs, the owner's among them, are not affected. Past 10× this from all IPs together, each IP gets one attempt before its wait starts (the account's last sign-in IP keeps its allowance); `0` turns it off",
    ),
    authAccountCodeFailures: env(
      "AUTH_ACCOUNT_CODE_FAILURES",
      int(0),
      8,
      "Wrong magic sign-in codes per email from one client IP per 15 minutes before that IP is slowed down the same way; `0` turns it off",
    ),
    authAccountMailsPerHour: env(
      "AUTH_ACCOUNT_MAILS_PER_HOUR",
      int(0),
      10,
      "Sign-in code and password-reset mails per address asked for from one client IP per hour (429 with `Retry-After` past it); past 3× this from all IPs together only the account's last sign-in IP is served; `0` turns it off",
    ),
  }),
  ...group("Background jobs", {
    runWorkers: env("RUN_WORKERS", bool, true, "`0` to run this instance without background job workers"),
    jobConcurrency: env(
      "JOB_CONCURRENCY",
      int(1),
      4,
      "Background jobs (mail, cleanup, …) this instance runs at once, agent runs aside; job failures are logged whatever `LOG_LEVEL` says (warn per failed attempt, error when a job fails for good)",
    ),
    agentConcurrency: env(
      "AGENT_CONCURRENCY",
      int(1),
      4,
      "Agent runs this instance runs at once, in their own worker pool (they never wait behind mail and webhooks, nor hold them up); further runs wait in line and show their place",
    ),
    notificationMailDelayMs: env(
      "NOTIFICATION_MAIL_DELAY_MS",
      ms(),
      120_000,
      "How long new notifications wait so that they go out together in one mail (sent only when SMTP is configured and only for notifications still unread)",
    ),
  }),
  ...group("Mail (SMTP)", {
    emailHost: env(
      "EMAIL_HOST",
      text,
      undefined,
      "SMTP server. When set, SMTP comes from these variables and god-mode's Email screen shows it read-only; when unset, it is configured in god-mode",
    ),
    emailPort: env("EMAIL_PORT", port, 587, "SMTP port"),
    emailHostUser: env("EMAIL_HOST_USER", text, undefined, "SMTP user name (none: no authentication)"),
    emailHostPassword: env("EMAIL_HOST_PASSWORD", text, undefined, "SMTP password", { secret: true }),
    emailFrom: env("EMAIL_FROM", text, undefined, "Sender address", {
      defaultText: "the SMTP user, else `no-reply@<EMAIL_HOST>`",
    }),
    emailUseTls: env("EMAIL_USE_TLS", bool, true, "`1`: STARTTLS required"),
    emailUseSsl: env("EMAIL_USE_SSL", bool, false, "`1`: TLS from the first byte (port 465)"),
  }),
  ...group("File storage", {
    storage: env(
      "STORAGE",
      oneOf(["local", "s3"]),
      "local",
      "`local`: files under `DATA_DIR/uploads` (several instances need that folder shared); `s3`: an S3-compatible bucket (below)",
    ),
    fileSizeLimit: env(
      "FILE_SIZE_LIMIT",
      int(1),
      MAX_UPLOAD_SIZE,
      "Largest upload, bytes (attachments, images, covers); the web app reads it from `/api/instances/`",
    ),
    s3Bucket: env("S3_BUCKET", text, undefined, "The bucket uploads go to (required with `STORAGE=s3`)", {
      aliases: ["AWS_S3_BUCKET_NAME"],
    }),
    s3Region: env("S3_REGION", text, "us-east-1", "The bucket's region", { aliases: ["AWS_REGION"] }),
    s3Endpoint: env(
      "S3_ENDPOINT",
      httpOrigin,
      undefined,
      "An S3-compatible server (MinIO, Garage, R2, …), e.g. `https://minio.example.com`",
      { aliases: ["AWS_S3_ENDPOINT_URL"], defaultText: "AWS" },
    ),
    s3ForcePathStyle: env(
      "S3_FORCE_PATH_STYLE",
      bool,
      false,
      "`1`: `endpoint/bucket/key` instead of `bucket.endpoint/key` (most self-hosted stores)",
    ),
    s3AccessKeyId: env("S3_ACCESS_KEY_ID", text, undefined, "Access key", {
      aliases: ["AWS_ACCESS_KEY_ID"],
      defaultText: "the SDK's usual credential sources",
    }),
    s3SecretAccessKey: env("S3_SECRET_ACCESS_KEY", text, undefined, "Secret key", {
      aliases: ["AWS_SECRET_ACCESS_KEY"],
      secret: true,
      defaultText: "the SDK's usual credential sources",
    }),
  }),
  ...group("Agents and integrations", {
    sandboxDir: env(
      "SANDBOX_DIR",
      text,
      path.join(os.tmpdir(), "stride-sandboxes"),
      "Folder of the agent sandboxes' checkouts; every parent must be searchable by the sandbox user",
      { defaultText: "`<tmp>/stride-sandboxes`" },
    ),
    sandboxLocalRepositories: env(
      "SANDBOX_LOCAL_REPOSITORIES",
      folders,
      [] as string[],
      "Comma-separated absolute folders whose git repositories a repository may name by local path or `file://` URL (symlinks resolved); empty allows no local repository at all",
      { defaultText: "empty" },
    ),
    sandboxCgroup: env(
      "SANDBOX_CGROUP",
      cgroupPath,
      "",
      "The cgroup under which each sandbox gets its group (a path such as `/stride`, the same in every hierarchy); empty = `stride-sandboxes` under the server's own group; `off` = no cgroup (see *The sandbox* below)",
      { defaultText: "empty (automatic)" },
    ),
    sandboxBwrap: env("SANDBOX_BWRAP", text, undefined, "The bubblewrap binary sandboxes run with", {
      defaultText: "`/usr/bin/bwrap`, `/usr/local/bin/bwrap` or `/bin/bwrap`",
    }),
    modelTestTimeoutMs: env(
      "MODEL_TEST_TIMEOUT_MS",
      ms(1),
      30000,
      "How long the model-configuration test call (project settings → Model configuration → Test) waits for the model's complete answer",
    ),
    outboundAllowPrivate: env(
      "OUTBOUND_ALLOW_PRIVATE",
      bool,
      false,
      "`1` lets outgoing requests (webhook deliveries, link titles, importers, model calls, remote MCP servers) reach loopback and private-network addresses; cloud metadata addresses stay refused",
    ),
    githubApiBase: env(
      "GITHUB_API_BASE",
      httpUrl,
      "https://api.github.com",
      "The GitHub REST API the GitHub importer reads (GitHub Enterprise: `https://host/api/v3`)",
    ),
    unsplashAccessKey: env(
      "UNSPLASH_ACCESS_KEY",
      text,
      undefined,
      "Unsplash API key for cover images; when set it wins over god-mode's",
      { secret: true },
    ),
  }),
  ...group("Operations", {
    metricsToken: env(
      "METRICS_TOKEN",
      text,
      undefined,
      "Serves Prometheus metrics at `GET /metrics` on the app's port to `Authorization: Bearer <token>`",
      { secret: true, defaultText: "unset: no metrics on the app's port" },
    ),
    metricsPort: env(
      "METRICS_PORT",
      port,
      undefined,
      "Serves Prometheus metrics at `GET /metrics` on this port of `HOST` without a token (keep it off the public network)",
      { defaultText: "unset: no metrics port" },
    ),
    heartbeatMs: env(
      "INSTANCE_HEARTBEAT_MS",
      ms(1000),
      30_000,
      "How often each instance records that it is alive (god-mode → Instances; an instance unseen for 3 beats is gone)",
    ),
  }),
  ...group("Tests", {
    testProjects: env("TEST_PROJECTS", text, "unit,api,e2e", "`npm test`: the Vitest projects to run", {
      internal: true,
    }),
    apiIsolate: env(
      "API_ISOLATE",
      bool,
      false,
      "API tests: import the server anew for every test file (by default a worker's files share one module graph)",
      { internal: true },
    ),
    e2eSeed: env("E2E_SEED", text, undefined, "Browser tests: the shuffle seed (`off` keeps the written order)", {
      internal: true,
    }),
    e2eSkipBuild: env("E2E_SKIP_BUILD", bool, false, "Browser tests: use the web build already in apps/web/dist", {
      internal: true,
    }),
    e2eCpuThrottle: env("E2E_CPU_THROTTLE", int(0), 0, "Browser tests: Chromium CPU throttling rate", {
      internal: true,
    }),
    e2eShots: env(
      "E2E_SHOTS",
      text,
      undefined,
      "Browser tests: a folder where screens are saved at 1280 and 1440 px for a person to review",
      { internal: true },
    ),
    stageTimes: env(
      "STRIDE_STAGE_TIMES",
      text,
      undefined,
      "CI: a file where `npm test` appends one line per test project with its seconds (.ci/run prints them)",
      { internal: true },
    ),
    failedTests: env(
      "STRIDE_FAILED_TESTS",
      text,
      undefined,
      "CI: a file where `npm test` appends the failed tests' names (.ci/run prints them at the very end)",
      { internal: true },
    ),
    testCanary: env(
      "STRIDE_TEST_CANARY",
      text,
      undefined,
      "Sandbox tests: a value in the server's environment that no sandboxed command may see",
      { internal: true, secret: true },
    ),
  }),
} satisfies Record<string, Setting<unknown>>;

type Settings = { [K in keyof typeof SETTINGS]: SettingValue<(typeof SETTINGS)[K]> };

/** All configuration comes from environment variables (`SETTINGS`), plus what is derived from them. */
export interface Config extends Omit<Settings, "dataDir"> {
  /** DATA_DIR, resolved. */
  dataDir: string;
  /** The S3-compatible store when `storage` is s3. */
  s3: S3Config | undefined;
  /**
   * Where the fixed-host sign-in providers (Google, GitHub) are reached, per provider and endpoint
   * (`authorize`, `token`, `api`); empty = their public hosts. Not read from the environment: the tests point
   * them at loopback stand-ins with it.
   */
  oauthEndpointOverrides: Partial<Record<"google" | "github", Partial<Record<"authorize" | "token" | "api", string>>>>;
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

/** The origin browsers reach the bucket at (presigned uploads and downloads), for the CSP; null for local storage. */
export function storageOrigin(config: Pick<Config, "s3">): string | null {
  const s3 = config.s3;
  if (!s3) return null;
  if (!s3.endpoint) return `https://${s3.bucket}.s3.${s3.region}.amazonaws.com`;
  const u = new URL(s3.endpoint);
  return s3.forcePathStyle ? u.origin : `${u.protocol}//${s3.bucket}.${u.host}`;
}

/** Read every setting; throws a ConfigError (one sentence naming the variable) on the first bad value. */
export function readSettings(env: NodeJS.ProcessEnv): Settings {
  const out: Record<string, unknown> = {};
  for (const [key, s] of Object.entries(SETTINGS)) out[key] = readSetting(s as Setting<unknown>, env);
  return out as Settings;
}

/** SMTP variables that mean nothing without EMAIL_HOST. */
const SMTP_DEPENDENTS = [
  "EMAIL_PORT",
  "EMAIL_HOST_USER",
  "EMAIL_HOST_PASSWORD",
  "EMAIL_FROM",
  "EMAIL_USE_TLS",
  "EMAIL_USE_SSL",
];

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const s = readSettings(env);
  if (!s.emailHost) {
    const orphan = SMTP_DEPENDENTS.find((n) => (env[n] ?? "").trim() !== "");
    if (orphan)
      throw new ConfigError(`${orphan} is set but EMAIL_HOST is not: SMTP from the environment needs EMAIL_HOST.`);
  }
  if (s.storage === "s3" && !s.s3Bucket)
    throw new ConfigError("STORAGE=s3 needs S3_BUCKET (the bucket uploads go to).");
  if (s.metricsPort !== undefined && s.metricsPort === s.port)
    throw new ConfigError(`METRICS_PORT must differ from PORT (both are ${s.port}).`);
  const s3: S3Config | undefined =
    s.storage === "s3"
      ? {
          bucket: s.s3Bucket!,
          region: s.s3Region,
          endpoint: s.s3Endpoint,
          forcePathStyle: s.s3ForcePathStyle,
          accessKeyId: s.s3AccessKeyId,
          secretAccessKey: s.s3SecretAccessKey,
        }
      : undefined;
  return {
    ...s,
    dataDir: path.resolve(s.dataDir),
    sandboxDir: path.resolve(s.sandboxDir),
    s3,
    oauthEndpointOverrides: {},
    ...overrides,
  };
}

/**
 * Instance-configuration keys (core/instance-config.ts) that the environment sets, with their values: the SMTP
 * keys when EMAIL_HOST is set, UNSPLASH_ACCESS_KEY when set. They win over god-mode's, which shows them read-only.
 */
export function envInstanceConfig(config: Config): Record<string, string> {
  const out: Record<string, string> = {};
  if (config.emailHost) {
    Object.assign(out, {
      ENABLE_SMTP: "1",
      EMAIL_HOST: config.emailHost,
      EMAIL_PORT: String(config.emailPort),
      EMAIL_HOST_USER: config.emailHostUser ?? "",
      EMAIL_HOST_PASSWORD: config.emailHostPassword ?? "",
      EMAIL_FROM: config.emailFrom ?? "",
      EMAIL_USE_TLS: config.emailUseTls ? "1" : "0",
      EMAIL_USE_SSL: config.emailUseSsl ? "1" : "0",
    });
  }
  if (config.unsplashAccessKey) out.UNSPLASH_ACCESS_KEY = config.unsplashAccessKey;
  return out;
}

/** A comma-separated list of origins (CORS_ALLOWED_ORIGINS's kind), each normalised to `scheme://host[:port]`. */
export function parseOrigins(raw: string | undefined): string[] {
  return readSetting(SETTINGS.corsAllowedOrigins, { CORS_ALLOWED_ORIGINS: raw }) ?? [];
}

/** A stable per-install secret for encrypting configuration secrets, kept in the data folder if not given. */
export function ensureSecretKey(
  config: Config,
  readFile: (p: string) => string | undefined,
  writeFile: (p: string, s: string) => void,
): string {
  if (config.secretKey) return config.secretKey;
  const file = path.join(config.dataDir, "secret.key");
  const existing = readFile(file);
  if (existing) return existing.trim();
  const key = crypto.randomBytes(32).toString("hex");
  writeFile(file, key);
  return key;
}
