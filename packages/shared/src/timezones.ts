/**
 * The time zones people pick from (profile, workspace and project settings, and Plane's client's `GET /api/timezones/`):
 * every IANA zone the runtime knows, each with its offset at a moment and a readable label, ordered by offset, then
 * label. Labels come from the zone's own name ("America/Argentina/Buenos_Aires" → "Buenos Aires, Argentina, America").
 */
export interface TimezoneOption {
  /** "UTC-03:00" */
  utc_offset: string;
  /** "GMT-03:00" */
  gmt_offset: string;
  /** The IANA name. */
  value: string;
  label: string;
}

/** Every IANA zone of the runtime (ICU), "UTC" first; just "UTC" where the runtime cannot list them. */
export function timezoneNames(): string[] {
  const list =
    (Intl as unknown as { supportedValuesOf?: (k: string) => string[] }).supportedValuesOf?.("timeZone") ?? [];
  return ["UTC", ...list.filter((z) => z !== "UTC")];
}

/** A zone's offset from UTC at `at`, in minutes (east positive). */
export function timezoneOffsetMinutes(zone: string, at: Date): number {
  const name =
    new Intl.DateTimeFormat("en-US", { timeZone: zone, timeZoneName: "longOffset" })
      .formatToParts(at)
      .find((p) => p.type === "timeZoneName")?.value ?? "GMT";
  const m = /^GMT([+-])(\d{2}):?(\d{2})?$/.exec(name);
  if (!m) return 0;
  return (m[1] === "-" ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3] ?? 0));
}

/** "+05:30" / "-03:00" / "+00:00". */
export function formatOffset(minutes: number): string {
  const abs = Math.abs(minutes);
  return `${minutes < 0 ? "-" : "+"}${String(Math.floor(abs / 60)).padStart(2, "0")}:${String(abs % 60).padStart(2, "0")}`;
}

/** "America/Argentina/Buenos_Aires" → "Buenos Aires, Argentina, America"; "UTC" stays. */
export function timezoneLabel(zone: string): string {
  return zone
    .split("/")
    .reverse()
    .map((part) => part.replace(/_/g, " "))
    .join(", ");
}

export function timezoneOptions(at: Date = new Date(), zones: readonly string[] = timezoneNames()): TimezoneOption[] {
  return zones
    .map((value) => {
      const minutes = timezoneOffsetMinutes(value, at);
      const offset = formatOffset(minutes);
      return {
        minutes,
        option: { utc_offset: `UTC${offset}`, gmt_offset: `GMT${offset}`, value, label: timezoneLabel(value) },
      };
    })
    .sort((a, b) => a.minutes - b.minutes || a.option.label.localeCompare(b.option.label))
    .map((x) => x.option);
}
