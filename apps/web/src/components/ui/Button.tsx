import { forwardRef, type ButtonHTMLAttributes } from "react";
import { cx } from "./cx.ts";
import { Spinner } from "./Spinner.tsx";

type Variant = "primary" | "secondary" | "danger" | "ghost";
const VARIANT: Record<Variant, string> = {
  primary: "bg-accent-solid text-on-accent hover:bg-accent-solid-hover disabled:bg-accent-solid/70",
  secondary: "border border-line-strong bg-surface text-fg-secondary hover:bg-fill-subtle",
  danger: "bg-danger-solid text-on-accent hover:bg-danger-solid-hover disabled:bg-danger-solid/70",
  ghost: "text-fg-muted hover:bg-fill",
};

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: Variant;
  size?: "sm" | "md";
  loading?: boolean;
  /**
   * Why the action is not available to this user right now. The button then stays focusable and
   * hoverable (so the reason can be read as its tooltip and description) but is `aria-disabled`,
   * looks disabled and does nothing when pressed.
   */
  disabledReason?: string | null;
}

export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  {
    variant = "primary",
    size = "md",
    loading,
    className,
    children,
    disabled,
    type = "button",
    disabledReason,
    onClick,
    title,
    ...rest
  },
  ref,
) {
  const blocked = !!disabledReason;
  return (
    <button
      ref={ref}
      type={type}
      disabled={disabled || loading}
      aria-disabled={blocked || undefined}
      title={blocked ? disabledReason : title}
      onClick={blocked ? (e) => e.preventDefault() : onClick}
      className={cx(
        "inline-flex items-center justify-center gap-2 rounded-md font-medium transition-colors disabled:cursor-not-allowed disabled:opacity-50 aria-disabled:cursor-not-allowed aria-disabled:opacity-50",
        size === "sm" ? "px-2.5 py-1 text-sm" : "px-4 py-2 text-sm",
        VARIANT[variant],
        className,
      )}
      {...rest}
    >
      {loading && <Spinner className="h-4 w-4" />}
      {children}
    </button>
  );
});
