import { pino, type Logger } from "pino";
import { effectiveLogLevel } from "./request-log.ts";

export type { Logger } from "pino";

/** A line of the job queue's log (core/jobs.ts): its level, text and fields. */
export type JobLogLevel = "debug" | "info" | "warn" | "error";
export type JobLog = (level: JobLogLevel, message: string, fields?: Record<string, unknown>) => void;

/**
 * The one log of a server process: JSON lines (pino), one object per line with `level` as a word, `time` as ISO
 * text, `msg`, and `reqId` on every line written for a request (Fastify's request logger is a child of this one).
 * Start-up, shutdown, job and embedded-PostgreSQL lines are children with a `component` field. Humans read it
 * with any JSON-lines viewer (`| npx pino-pretty`); there is no second format.
 */
export function createLogger(level: string, stream?: { write(line: string): void }): Logger {
  const options = {
    level: effectiveLogLevel(level),
    formatters: { level: (label: string) => ({ level: label }) },
    timestamp: pino.stdTimeFunctions.isoTime,
  };
  return stream ? pino(options, stream) : pino(options, pino.destination({ dest: 1, sync: true }));
}

/** Lines an operator always sees whatever LOG_LEVEL says (start-up, shutdown, lifecycle), at `info`. */
export function noticeLog(logger: Logger, component: string): Logger {
  return logger.child({ component }, { level: levelAtMost(logger.level, "info") });
}

/** The job queue's log: failures (warn, error) are written whatever LOG_LEVEL says. */
export function jobLog(logger: Logger): JobLog {
  const log = logger.child({ component: "jobs" }, { level: levelAtMost(logger.level, "warn") });
  return (level, message, fields) => log[level](fields ?? {}, message);
}

const ORDER = ["trace", "debug", "info", "warn", "error", "fatal"];

/** `level`, lowered to `max` when it is above it. */
function levelAtMost(level: string, max: string): string {
  return ORDER.indexOf(level) > ORDER.indexOf(max) ? max : level;
}
