/** Small inline icons of the work-item screens (no icon library). */
import type { ReactNode, SVGProps } from "react";

type P = SVGProps<SVGSVGElement> & { size?: number };

function Svg({ size = 16, children, ...rest }: P & { children: ReactNode }) {
  return (
    <svg width={size} height={size} viewBox="0 0 16 16" fill="none" aria-hidden focusable="false" {...rest}>
      {children}
    </svg>
  );
}

export const PRIORITY_COLOR: Record<string, string> = {
  urgent: "#ef4444",
  high: "#f97316",
  medium: "#eab308",
  low: "#3b82f6",
  none: "#a1a1aa",
};

export function PriorityIcon({ priority, size = 14 }: { priority: string | null | undefined; size?: number }) {
  const p = priority ?? "none";
  const c = PRIORITY_COLOR[p] ?? PRIORITY_COLOR.none;
  if (p === "urgent") {
    return (
      <Svg size={size}>
        <rect x="1.5" y="1.5" width="13" height="13" rx="3" fill={c} />
        <rect x="7.25" y="4" width="1.5" height="5" rx=".75" fill="white" />
        <circle cx="8" cy="11.25" r=".9" fill="white" />
      </Svg>
    );
  }
  if (p === "none") {
    return (
      <Svg size={size}>
        <rect x="1.5" y="1.5" width="13" height="13" rx="3" stroke={c} strokeDasharray="2 2" />
        <path d="M5 8h6" stroke={c} strokeWidth="1.5" strokeLinecap="round" />
      </Svg>
    );
  }
  const bars = p === "high" ? 3 : p === "medium" ? 2 : 1;
  return (
    <Svg size={size}>
      {[0, 1, 2].map((i) => (
        <rect key={i} x={2.5 + i * 4} y={10 - i * 3.5} width="3" height={4 + i * 3.5} rx="1" fill={i < bars ? c : "#d4d4d8"} />
      ))}
    </Svg>
  );
}

export function StateGroupIcon({ group, color, size = 14 }: { group: string | null | undefined; color?: string; size?: number }) {
  const c = color ?? "#a1a1aa";
  switch (group) {
    case "backlog":
      return (<Svg size={size}><circle cx="8" cy="8" r="6" stroke={c} strokeWidth="1.5" strokeDasharray="2.2 2" /></Svg>);
    case "unstarted":
      return (<Svg size={size}><circle cx="8" cy="8" r="6" stroke={c} strokeWidth="1.5" /></Svg>);
    case "started":
      return (<Svg size={size}><circle cx="8" cy="8" r="6" stroke={c} strokeWidth="1.5" /><path d="M8 4a4 4 0 0 1 0 8z" fill={c} /></Svg>);
    case "completed":
      return (<Svg size={size}><circle cx="8" cy="8" r="6.75" fill={c} /><path d="m5.2 8.2 1.9 1.9 3.7-4" stroke="white" strokeWidth="1.5" strokeLinecap="round" strokeLinejoin="round" /></Svg>);
    case "cancelled":
      return (<Svg size={size}><circle cx="8" cy="8" r="6.75" fill={c} /><path d="m5.8 5.8 4.4 4.4m0-4.4-4.4 4.4" stroke="white" strokeWidth="1.5" strokeLinecap="round" /></Svg>);
    default:
      return (<Svg size={size}><circle cx="8" cy="8" r="6" stroke={c} strokeWidth="1.5" strokeDasharray="1 2" /></Svg>);
  }
}

export const STATE_GROUP_COLOR: Record<string, string> = {
  backlog: "#a3a3a3",
  unstarted: "#3a3a3a",
  started: "#f59e0b",
  completed: "#16a34a",
  cancelled: "#dc2626",
};

const stroke = { stroke: "currentColor", strokeWidth: 1.4, strokeLinecap: "round" as const, strokeLinejoin: "round" as const };

export function LayoutIcon({ layout, size = 16 }: { layout: string; size?: number }) {
  switch (layout) {
    case "list":
      return (<Svg size={size}><path d="M5.5 4h8M5.5 8h8M5.5 12h8" {...stroke} /><circle cx="2.5" cy="4" r=".9" fill="currentColor" /><circle cx="2.5" cy="8" r=".9" fill="currentColor" /><circle cx="2.5" cy="12" r=".9" fill="currentColor" /></Svg>);
    case "kanban":
      return (<Svg size={size}><rect x="1.5" y="2" width="3.5" height="12" rx="1" {...stroke} /><rect x="6.25" y="2" width="3.5" height="8" rx="1" {...stroke} /><rect x="11" y="2" width="3.5" height="10" rx="1" {...stroke} /></Svg>);
    case "calendar":
      return (<Svg size={size}><rect x="1.75" y="3" width="12.5" height="11" rx="1.5" {...stroke} /><path d="M1.75 6.5h12.5M5 1.5v3M11 1.5v3" {...stroke} /></Svg>);
    case "spreadsheet":
      return (<Svg size={size}><rect x="1.75" y="2" width="12.5" height="12" rx="1.5" {...stroke} /><path d="M1.75 6h12.5M1.75 10h12.5M6 2v12" {...stroke} /></Svg>);
    case "gantt_chart":
      return (<Svg size={size}><path d="M2 2v12h12" {...stroke} /><rect x="4" y="4" width="6" height="2" rx="1" fill="currentColor" /><rect x="7" y="7.5" width="6" height="2" rx="1" fill="currentColor" /><rect x="5" y="11" width="4" height="1.5" rx=".75" fill="currentColor" /></Svg>);
    case "flow":
      return (<Svg size={size}><rect x="1.5" y="5.5" width="3.5" height="5" rx="1" {...stroke} /><rect x="11" y="5.5" width="3.5" height="5" rx="1" {...stroke} /><path d="M5 8h5.5m-1.8-1.8L10.5 8l-1.8 1.8" {...stroke} /></Svg>);
    default:
      return null;
  }
}

const ICON_PATHS: Record<string, () => ReactNode> = {
  plus: () => <path d="M8 3v10M3 8h10" {...stroke} />,
  close: () => <path d="m4 4 8 8m0-8-8 8" {...stroke} />,
  "chevron-down": () => <path d="m4 6 4 4 4-4" {...stroke} />,
  "chevron-right": () => <path d="m6 4 4 4-4 4" {...stroke} />,
  filter: () => <path d="M2 3h12l-4.5 5.5V13l-3 1.5v-6z" {...stroke} />,
  display: () => <path d="M2 4h12M2 8h12M2 12h12M5 2.5v3M11 6.5v3M7 10.5v3" {...stroke} />,
  link: () => <path d="M6.5 9.5l3-3M7 4.5l1-1a2.8 2.8 0 0 1 4 4l-1 1M9 11.5l-1 1a2.8 2.8 0 0 1-4-4l1-1" {...stroke} />,
  paperclip: () => <path d="m13 7.5-5 5a3.2 3.2 0 0 1-4.5-4.5l5.5-5.5a2.1 2.1 0 0 1 3 3L6.5 11a1 1 0 0 1-1.5-1.5L10 4.5" {...stroke} />,
  subitems: () => <path d="M4 2v9a1.5 1.5 0 0 0 1.5 1.5H9M4 6h5M11 6h3M11 12.5h3" {...stroke} />,
  calendar: () => <><rect x="2" y="3" width="12" height="11" rx="1.5" {...stroke} /><path d="M2 6.5h12M5 1.5v3M11 1.5v3" {...stroke} /></>,
  user: () => <><circle cx="8" cy="5.5" r="2.75" {...stroke} /><path d="M2.5 14c.8-2.6 3-4 5.5-4s4.7 1.4 5.5 4" {...stroke} /></>,
  tag: () => <><path d="M2 2.5h5.5L14 9l-5 5-6.5-6.5V2.5z" {...stroke} /><circle cx="5" cy="5.5" r="1" fill="currentColor" /></>,
  bell: () => <path d="M4 11V7a4 4 0 0 1 8 0v4l1.5 1.5h-11zM6.5 14h3" {...stroke} />,
  "bell-off": () => <path d="M4 11V7a4 4 0 0 1 8 0v4l1.5 1.5h-11zM6.5 14h3M2 2l12 12" {...stroke} />,
  archive: () => <><rect x="1.75" y="2.5" width="12.5" height="3" rx="1" {...stroke} /><path d="M3 5.5v7.5h10V5.5M6.5 8.5h3" {...stroke} /></>,
  trash: () => <path d="M2.5 4h11M6.5 4V2.5h3V4M4 4l.7 9.5h6.6L12 4" {...stroke} />,
  copy: () => <><rect x="5" y="5" width="9" height="9" rx="1.5" {...stroke} /><path d="M11 5V3a1 1 0 0 0-1-1H3a1 1 0 0 0-1 1v7a1 1 0 0 0 1 1h2" {...stroke} /></>,
  restore: () => <path d="M2.5 8a5.5 5.5 0 1 0 1.7-4M2.5 2.5v3h3" {...stroke} />,
  expand: () => <path d="M9.5 2.5h4v4M6.5 13.5h-4v-4M13.5 2.5 9 7M2.5 13.5 7 9" {...stroke} />,
  dots: () => <><circle cx="3.5" cy="8" r="1.1" fill="currentColor" /><circle cx="8" cy="8" r="1.1" fill="currentColor" /><circle cx="12.5" cy="8" r="1.1" fill="currentColor" /></>,
  search: () => <><circle cx="7" cy="7" r="4.5" {...stroke} /><path d="m10.5 10.5 3 3" {...stroke} /></>,
  smile: () => <><circle cx="8" cy="8" r="6" {...stroke} /><path d="M5.5 9.5c.6.9 1.5 1.4 2.5 1.4s1.9-.5 2.5-1.4" {...stroke} /><circle cx="6" cy="6.5" r=".8" fill="currentColor" /><circle cx="10" cy="6.5" r=".8" fill="currentColor" /></>,
  check: () => <path d="m3 8.5 3 3 7-7" {...stroke} />,
  drag: () => <>{[4, 8, 12].flatMap((y) => [6, 10].map((x) => <circle key={`${x}-${y}`} cx={x} cy={y} r="1" fill="currentColor" />))}</>,
  "arrow-left": () => <path d="M13 8H3m4-4L3 8l4 4" {...stroke} />,
  "arrow-right": () => <path d="M3 8h10m-4-4 4 4-4 4" {...stroke} />,
  estimate: () => <path d="M3 13 8 3l5 10M5 9h6" {...stroke} />,
  cycle: () => <><path d="M13 8a5 5 0 1 1-1.5-3.5" {...stroke} /><path d="M13 2.5v3h-3" {...stroke} /></>,
  module: () => <><rect x="2" y="2" width="5" height="5" rx="1" {...stroke} /><rect x="9" y="2" width="5" height="5" rx="1" {...stroke} /><rect x="2" y="9" width="5" height="5" rx="1" {...stroke} /><rect x="9" y="9" width="5" height="5" rx="1" {...stroke} /></>,
  parent: () => <path d="M4 14V6a2 2 0 0 1 2-2h6m-3-3 3 3-3 3" {...stroke} />,
  relation: () => <><circle cx="4" cy="8" r="2" {...stroke} /><circle cx="12" cy="8" r="2" {...stroke} /><path d="M6 8h4" {...stroke} /></>,
  task: () => <><rect x="2" y="2" width="12" height="12" rx="2" {...stroke} /><path d="m5 8 2 2 4-4" {...stroke} /></>,
};

export function Icon({ name, size = 16, className }: { name: "plus" | "close" | "chevron-down" | "chevron-right" | "filter" | "display" | "link" | "paperclip" | "subitems" | "calendar" | "user" | "tag" | "bell" | "bell-off" | "archive" | "trash" | "copy" | "restore" | "expand" | "dots" | "search" | "smile" | "check" | "drag" | "arrow-left" | "arrow-right" | "estimate" | "cycle" | "module" | "parent" | "relation" | "task"; size?: number; className?: string }) {
  return (
    <Svg size={size} className={className}>
      {ICON_PATHS[name]?.()}
    </Svg>
  );
}
