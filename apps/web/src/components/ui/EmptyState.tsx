import type { ReactNode } from "react";
import { Inbox, Lock, Sparkles, type LucideIcon } from "lucide-react";

/**
 * A screen with nothing to show: an illustration (a still icon on a soft tile, never anything that reads as
 * loading), a title, an explanation and an optional action.
 */
export function EmptyState({
  title,
  description,
  action,
  icon: Illustration = Inbox,
}: {
  title: string;
  description?: ReactNode;
  action?: ReactNode;
  icon?: LucideIcon;
}) {
  return (
    <div className="mx-auto flex max-w-md flex-col items-center justify-center px-6 py-16 text-center">
      <div
        data-empty-illustration
        aria-hidden
        className="relative mb-4 flex h-14 w-14 items-center justify-center rounded-2xl border border-line-raised bg-fill-subtle text-fg-faint shadow-sm"
      >
        <Illustration size={26} strokeWidth={1.5} aria-hidden focusable="false" />
      </div>
      <h2 className="text-lg font-semibold">{title}</h2>
      {description && <div className="mt-2 text-sm text-fg-subtle">{description}</div>}
      {action && <div className="mt-5">{action}</div>}
    </div>
  );
}

/** The honest empty state of a screen whose feature is built in a later release. */
export function ComingSoon({ feature }: { feature: string }) {
  return (
    <EmptyState
      icon={Sparkles}
      title={`${feature} is coming`}
      description={`${feature} is not available in this version of Stride yet. It will appear here in a later release.`}
    />
  );
}

export function NoAccess({ what = "this page" }: { what?: string }) {
  return (
    <EmptyState
      icon={Lock}
      title="You don't have access"
      description={`Your role does not allow you to open ${what}.`}
    />
  );
}
