import { cx } from "./cx.ts";

export function Avatar({ name, url, size = "md" }: { name: string; url?: string | null; size?: "sm" | "md" }) {
  const dim = size === "sm" ? "h-6 w-6 text-xs" : "h-8 w-8 text-sm";
  if (url) return <img src={url} alt="" className={cx("rounded-full object-cover", dim)} />;
  return (
    <span aria-hidden className={cx("inline-flex items-center justify-center rounded-full bg-indigo-600 font-medium uppercase text-white", dim)}>
      {(name || "?").trim().charAt(0)}
    </span>
  );
}
