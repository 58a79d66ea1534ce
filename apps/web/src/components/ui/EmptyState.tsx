import type { ReactNode } from "react";

export function EmptyState({ title, description, action }: { title: string; description?: ReactNode; action?: ReactNode }) {
  return (
    <div className="mx-auto flex max-w-md flex-col items-center justify-center px-6 py-16 text-center">
      <div aria-hidden className="mb-4 flex h-12 w-12 items-center justify-center rounded-full bg-zinc-100 text-xl dark:bg-zinc-800">◌</div>
      <h2 className="text-lg font-semibold">{title}</h2>
      {description && <div className="mt-2 text-sm text-zinc-500 dark:text-zinc-400">{description}</div>}
      {action && <div className="mt-5">{action}</div>}
    </div>
  );
}

/** The honest empty state of a screen whose feature is built in a later release. */
export function ComingSoon({ feature }: { feature: string }) {
  return (
    <EmptyState
      title={`${feature} is coming`}
      description={`${feature} is not available in this version of Stride yet. It will appear here in a later release.`}
    />
  );
}

export function NoAccess({ what = "this page" }: { what?: string }) {
  return <EmptyState title="You don't have access" description={`Your role does not allow you to open ${what}.`} />;
}
