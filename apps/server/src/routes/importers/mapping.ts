import type { PropertyKind } from "@stride/shared";
import type { ImportMapping } from "@stride/shared/contract";
import type { Discovered } from "./source.ts";

/** The state group a source status most likely means, by its name (Jira's and GitHub's usual words). */
export function statusGroup(status: string): "backlog" | "unstarted" | "started" | "completed" | "cancelled" {
  const s = status.trim().toLowerCase();
  if (/cancel|won'?t|reject|not planned|declined|invalid|duplicate|abandon/.test(s)) return "cancelled";
  if (/done|closed|resolved|complete|fixed|released|shipped/.test(s)) return "completed";
  if (/progress|review|doing|started|testing|qa|development|active|blocked/.test(s)) return "started";
  if (/backlog|icebox|someday/.test(s)) return "backlog";
  return "unstarted";
}

export interface MappingState {
  id: string;
  name: string;
  group: string;
  isDefault: boolean;
}
export interface MappingMember {
  id: string;
  email: string;
  displayName: string;
}

/**
 * The mapping suggested before the admin decides: a status goes to the project state of the same name, else to
 * the first state of its likely group, else to the default state; a person to the project member with the same
 * email (Jira) or display name (GitHub login), else to nobody.
 */
export function suggestMapping(
  found: Discovered,
  states: readonly MappingState[],
  members: readonly MappingMember[],
): ImportMapping {
  const open = states.filter((s) => s.group !== "triage");
  const fallback = open.find((s) => s.isDefault) ?? open[0];
  const out: ImportMapping = { states: {}, users: {} };
  for (const st of found.states) {
    const byName = open.find((s) => s.name.toLowerCase() === st.name.trim().toLowerCase());
    const byGroup = open.find((s) => s.group === statusGroup(st.name));
    const pick = byName ?? byGroup ?? fallback;
    if (pick) out.states[st.key] = pick.id;
  }
  for (const u of found.users) {
    const email = u.email?.toLowerCase();
    const m =
      (email && members.find((x) => x.email.toLowerCase() === email)) ||
      members.find((x) => x.displayName && x.displayName.toLowerCase() === u.key.toLowerCase());
    out.users[u.key] = m ? m.id : null;
  }
  return out;
}

/** What a source field's text becomes for a custom property (issue #29): the property and its choices. */
export interface PropertyTarget {
  id: string;
  kind: PropertyKind;
  options: readonly { id: string; name: string }[];
}

/**
 * A source field's text as a property's raw value (issue #29), checked afterwards as any new value is: options by
 * name (case-insensitive; several split on "," or ";"), people by email or display name, yes/no words as booleans,
 * anything else as it is. A name nothing matches stays as written, so the check says what is wrong.
 */
export function sourcePropertyValue(
  target: PropertyTarget,
  raw: string,
  members: readonly MappingMember[],
): string | string[] {
  const text = raw.trim();
  const many = (s: string) =>
    s
      .split(/[;,]/)
      .map((x) => x.trim())
      .filter(Boolean);
  const option = (name: string) => target.options.find((o) => o.name.toLowerCase() === name.toLowerCase())?.id ?? name;
  const member = (name: string) =>
    members.find(
      (m) =>
        m.email.toLowerCase() === name.toLowerCase() ||
        (m.displayName && m.displayName.toLowerCase() === name.toLowerCase()),
    )?.id ?? name;
  switch (target.kind) {
    case "option":
      return option(text);
    case "multi_option":
      return many(text).map(option);
    case "member":
      return member(text);
    case "multi_member":
      return many(text).map(member);
    case "boolean":
      return /^(yes|y|true|1|x|on)$/i.test(text) ? "true" : /^(no|n|false|0|off)$/i.test(text) ? "false" : text;
    default:
      return text;
  }
}
