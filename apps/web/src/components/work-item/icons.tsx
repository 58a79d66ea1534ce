/**
 * Icons of the work-item screens. Priorities and state groups are drawn here (Plane's shapes, coloured per
 * value); every other icon comes from lucide, the app's one icon set.
 */
import type { ReactNode, SVGProps } from "react";
import { shapePath } from "../../lib/icon-node.ts";
import {
  Archive,
  ArrowLeft,
  ArrowRight,
  Ban,
  Bell,
  BellOff,
  Boxes,
  Calendar,
  ChartGantt,
  Check,
  ChevronDown,
  ChevronRight,
  Copy,
  CornerLeftUp,
  Ellipsis,
  GripVertical,
  Kanban,
  Link,
  List,
  ListFilter,
  ListTree,
  Maximize2,
  Network,
  Paperclip,
  Plus,
  RefreshCw,
  RotateCcw,
  Search,
  Sheet,
  SlidersHorizontal,
  Smile,
  SquareCheckBig,
  Tag,
  Trash2,
  Triangle,
  User,
  Workflow,
  X,
  type LucideIcon,
} from "lucide-react";

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

const priorityBar = (i: number) =>
  shapePath("rect", { x: 2.5 + i * 4, y: 10 - i * 3.5, width: 3, height: 4 + i * 3.5, rx: 1 })!;
/** The priority's bars as path data: the first n bars (lit), and the bars after them (unlit), for n = 1, 2, 3. */
const PRIORITY_BARS = [1, 2, 3].map((n) => [0, 1, 2].slice(0, n).map(priorityBar).join(""));
const PRIORITY_BARS_UNLIT = [1, 2, 3].map((n) => [0, 1, 2].slice(n).map(priorityBar).join(""));

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
  // the lit bars in one path, the others in another: a list row draws this for every item
  return (
    <Svg size={size}>
      <path d={PRIORITY_BARS[bars - 1]!} fill={c} />
      {bars < 3 && <path d={PRIORITY_BARS_UNLIT[bars - 1]!} fill="#d4d4d8" />}
    </Svg>
  );
}

export function StateGroupIcon({
  group,
  color,
  size = 14,
}: {
  group: string | null | undefined;
  color?: string;
  size?: number;
}) {
  const c = color ?? "#a1a1aa";
  switch (group) {
    case "backlog":
      return (
        <Svg size={size}>
          <circle cx="8" cy="8" r="6" stroke={c} strokeWidth="1.5" strokeDasharray="2.2 2" />
        </Svg>
      );
    case "unstarted":
      return (
        <Svg size={size}>
          <circle cx="8" cy="8" r="6" stroke={c} strokeWidth="1.5" />
        </Svg>
      );
    case "started":
      return (
        <Svg size={size}>
          <circle cx="8" cy="8" r="6" stroke={c} strokeWidth="1.5" />
          <path d="M8 4a4 4 0 0 1 0 8z" fill={c} />
        </Svg>
      );
    case "completed":
      return (
        <Svg size={size}>
          <circle cx="8" cy="8" r="6.75" fill={c} />
          <path
            d="m5.2 8.2 1.9 1.9 3.7-4"
            stroke="white"
            strokeWidth="1.5"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </Svg>
      );
    case "cancelled":
      return (
        <Svg size={size}>
          <circle cx="8" cy="8" r="6.75" fill={c} />
          <path d="m5.8 5.8 4.4 4.4m0-4.4-4.4 4.4" stroke="white" strokeWidth="1.5" strokeLinecap="round" />
        </Svg>
      );
    default:
      return (
        <Svg size={size}>
          <circle cx="8" cy="8" r="6" stroke={c} strokeWidth="1.5" strokeDasharray="1 2" />
        </Svg>
      );
  }
}

export const STATE_GROUP_COLOR: Record<string, string> = {
  backlog: "#a3a3a3",
  unstarted: "#3a3a3a",
  started: "#f59e0b",
  completed: "#16a34a",
  cancelled: "#dc2626",
};

/** The work-item screens' layouts, drawn from the one icon set (lucide). */
const LAYOUT_ICON: Record<string, LucideIcon> = {
  list: List,
  kanban: Kanban,
  calendar: Calendar,
  spreadsheet: Sheet,
  gantt_chart: ChartGantt,
  flow: Workflow,
};

export function LayoutIcon({ layout, size = 16 }: { layout: string; size?: number }) {
  const L = LAYOUT_ICON[layout];
  return L ? <L size={size} strokeWidth={1.75} aria-hidden focusable="false" /> : null;
}

/** Names the screens use for their icons, mapped onto lucide (one icon set for the whole app). */
const ICONS = {
  plus: Plus,
  close: X,
  "chevron-down": ChevronDown,
  "chevron-right": ChevronRight,
  filter: ListFilter,
  display: SlidersHorizontal,
  link: Link,
  paperclip: Paperclip,
  subitems: ListTree,
  calendar: Calendar,
  user: User,
  tag: Tag,
  bell: Bell,
  "bell-off": BellOff,
  archive: Archive,
  trash: Trash2,
  copy: Copy,
  restore: RotateCcw,
  expand: Maximize2,
  dots: Ellipsis,
  search: Search,
  smile: Smile,
  check: Check,
  drag: GripVertical,
  "arrow-left": ArrowLeft,
  "arrow-right": ArrowRight,
  estimate: Triangle,
  cycle: RefreshCw,
  module: Boxes,
  parent: CornerLeftUp,
  relation: Network,
  task: SquareCheckBig,
  ban: Ban,
} satisfies Record<string, LucideIcon>;

export type IconName = keyof typeof ICONS;

/** A decorative icon (hidden from screen readers: the control around it carries the name). */
export function Icon({ name, size = 16, className }: { name: IconName; size?: number; className?: string }) {
  const I = ICONS[name];
  return <I size={size} strokeWidth={1.75} className={className} aria-hidden focusable="false" />;
}
