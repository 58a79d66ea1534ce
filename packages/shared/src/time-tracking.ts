/**
 * Time tracking and project updates (issue #29 points 3 and 4): the pure rules both sides share.
 *
 * A work log's `duration` is a whole number of minutes (Plane's unit), from 1 minute to one week. People type
 * durations the way trackers write them ("1h 30m", "90m", "1.5h", "45"); `parseDuration` reads those and
 * `formatDuration` writes minutes back as "1h 30m". A time estimate point's value is minutes too.
 */

/** The longest single work log: one week, in minutes. */
export const WORKLOG_MAX_MINUTES = 7 * 24 * 60;
/** A work log's note, at most this many characters. */
export const WORKLOG_NOTE_MAX = 2000;

/**
 * Minutes from a typed duration: "1h 30m", "1h30m", "90m", "90 min", "1.5h", "2 hours", "1:30" (h:mm) or a bare
 * number of minutes ("45"). Null when the text is not a duration or comes to less than one minute.
 */
export function parseDuration(input: string): number | null {
  const s = input.trim().toLowerCase();
  if (!s) return null;
  let minutes: number;
  const clock = /^(\d+):([0-5]\d)$/.exec(s);
  if (clock) minutes = Number(clock[1]) * 60 + Number(clock[2]);
  else if (/^\d+(\.\d+)?$/.test(s)) minutes = Number(s);
  else {
    const re = /(\d+(?:\.\d+)?)\s*(hours|hour|hrs|hr|h|minutes|minute|mins|min|m)(?=[\s\d]|$)/g;
    let total = 0;
    let matched = "";
    for (let m = re.exec(s); m; m = re.exec(s)) {
      total += Number(m[1]) * (m[2].startsWith("h") ? 60 : 1);
      matched += m[0];
    }
    // every character must belong to a number and its unit (spaces aside)
    if (!matched || matched.replace(/\s+/g, "") !== s.replace(/\s+/g, "")) return null;
    minutes = total;
  }
  const rounded = Math.round(minutes);
  return Number.isFinite(rounded) && rounded >= 1 ? rounded : null;
}

/** Minutes written for people: "45m", "2h", "1h 30m", "0m" for none. */
export function formatDuration(minutes: number | null | undefined): string {
  const m = Math.max(0, Math.round(minutes ?? 0));
  const h = Math.floor(m / 60);
  const rest = m % 60;
  if (h === 0) return `${rest}m`;
  return rest === 0 ? `${h}h` : `${h}h ${rest}m`;
}

/** Hours with two decimals (the exports' number column): 90 → 1.5. */
export const durationHours = (minutes: number): number => Math.round((minutes / 60) * 100) / 100;

/**
 * Time spent against a time estimate: the share of the estimate used (0–∞), and whether the spent time went over.
 * Null when there is no estimate in minutes to measure against.
 */
export function spentAgainstEstimate(
  spentMinutes: number,
  estimateMinutes: number | null | undefined,
): { ratio: number; over: boolean; remaining: number } | null {
  if (!estimateMinutes || estimateMinutes <= 0) return null;
  return {
    ratio: spentMinutes / estimateMinutes,
    over: spentMinutes > estimateMinutes,
    remaining: estimateMinutes - spentMinutes,
  };
}

/** Logs a page of the worklog report screen shows. */
export const WORKLOG_REPORT_PAGE_SIZE = 50;

/** What the worklog report totals by (`group_by` of `P/worklogs/summary/`). */
export const WORKLOG_GROUPS = ["issue", "member", "cycle", "module", "date"] as const;
export type WorklogGroup = (typeof WORKLOG_GROUPS)[number];

/** The files the worklog report exports to (`format` of `P/worklogs/export/`). */
export const WORKLOG_EXPORT_FORMATS = ["csv", "xlsx"] as const;
export type WorklogExportFormat = (typeof WORKLOG_EXPORT_FORMATS)[number];

/** The columns of an exported worklog report, in order. */
export const WORKLOG_EXPORT_COLUMNS = [
  "Date",
  "Work item",
  "Title",
  "Member",
  "Minutes",
  "Hours",
  "Note",
  "Cycle",
  "Modules",
] as const;

/** A project update's status (Plane's values). */
export const PROJECT_UPDATE_STATUSES = ["ON-TRACK", "AT-RISK", "OFF-TRACK"] as const;
export type ProjectUpdateStatus = (typeof PROJECT_UPDATE_STATUSES)[number];

/** How each status reads, and its colour role for chips (semantic: success, warning, danger). */
export const PROJECT_UPDATE_STATUS_INFO: Readonly<
  Record<ProjectUpdateStatus, { label: string; tone: "success" | "warning" | "danger" }>
> = {
  "ON-TRACK": { label: "On track", tone: "success" },
  "AT-RISK": { label: "At risk", tone: "warning" },
  "OFF-TRACK": { label: "Off track", tone: "danger" },
};

/** A project's feature switches that these features answer to, with the words a refusal uses. */
export const TRACKING_FEATURES = {
  is_time_tracking_enabled: "Time tracking is not enabled for this project.",
  is_project_updates_enabled: "Project updates are not enabled for this project.",
} as const;
export type TrackingFeatureFlag = keyof typeof TRACKING_FEATURES;

/** The `error` of a call to a feature the project has switched off (400 `{error}`, docs/decisions.md). */
export function featureOffMessage(flag: TrackingFeatureFlag): string {
  return TRACKING_FEATURES[flag];
}

/**
 * A project-update notification's data (narrows a notification's `data`, which is otherwise a work item's: the
 * contract's `NotificationData | ProjectUpdateNotificationData`, named here by shape so that this module does not
 * import the contract, which imports it).
 */
export const isProjectUpdateNotification = <D extends object>(d: D): d is Extract<D, { project_update: unknown }> =>
  "project_update" in d;
