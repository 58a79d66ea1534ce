import { cx } from "./cx.ts";

const DIM = { sm: "h-6 w-6 text-xs", md: "h-8 w-8 text-sm", lg: "h-16 w-16 text-2xl" };

export function Avatar({ name, url, size = "md" }: { name: string; url?: string | null; size?: "sm" | "md" | "lg" }) {
  const dim = DIM[size];
  if (url) return <img src={url} alt="" className={cx("rounded-full object-cover", dim)} />;
  return (
    // the letter is drawn, not written: a picture beside the name, not part of any control's visible text
    <span
      aria-hidden
      data-initial={(name || "?").trim().charAt(0) || "?"}
      className={cx(
        "inline-flex items-center justify-center rounded-full bg-accent-solid font-medium uppercase text-on-accent before:content-[attr(data-initial)]",
        dim,
      )}
    />
  );
}
