import { useMemo, type SelectHTMLAttributes } from "react";
import { timezoneOptions } from "@stride/shared";
import { Select } from "../ui/index.ts";

/**
 * The time-zone picker of the profile, workspace and project settings: every IANA zone (`timezoneOptions`, ordered
 * by offset), each read as its place and offset ("Kolkata, Asia (UTC+05:30)") so the browser's type-ahead finds a
 * city by its first letters. A stored zone the runtime does not list stays choosable.
 */
export function TimezoneSelect({
  value,
  label = "Time zone",
  error,
  ...rest
}: { value: string; label?: string; error?: string } & Omit<SelectHTMLAttributes<HTMLSelectElement>, "value">) {
  const options = useMemo(() => timezoneOptions(), []);
  const known = options.some((o) => o.value === value);
  return (
    <Select label={label} value={value} error={error} {...rest}>
      {!known && value && <option value={value}>{value}</option>}
      {options.map((o) => (
        <option key={o.value} value={o.value}>{`${o.label} (${o.utc_offset})`}</option>
      ))}
    </Select>
  );
}
