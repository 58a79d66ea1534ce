import type { NotificationPreferencesBody } from "@stride/shared/contract";
import { useNotificationPreferences, useUpdateNotificationPreferences } from "../../api/account.ts";
import { Banner, PageSpinner, Toggle } from "../../components/ui/index.ts";

/** The preferences (`users/me/notification-preferences/`), each with what it covers. */
const PREFERENCES: { key: keyof NotificationPreferencesBody; label: string; description: string }[] = [
  {
    key: "property_change",
    label: "Property changes",
    description: "A work item you follow gets a new assignee, priority, date, label, estimate or other property.",
  },
  { key: "state_change", label: "State changes", description: "A work item you follow moves to another state." },
  { key: "issue_completed", label: "Completed work items", description: "A work item you follow is completed." },
  { key: "comment", label: "Comments", description: "Someone comments on a work item you follow." },
  { key: "mention", label: "Mentions", description: "Someone mentions you in a work item's description or a comment." },
];

/**
 * `/profile/notifications`: which work-item news reaches the caller (their inbox and the emails it sends). A work
 * item is followed by its creator, its assignees and its subscribers. Each switch saves at once.
 */
export function NotificationsPage() {
  const prefs = useNotificationPreferences();
  const update = useUpdateNotificationPreferences();
  if (prefs.isPending) return <PageSpinner />;
  return (
    <div className="max-w-2xl space-y-4">
      <div>
        <h2 className="text-lg font-semibold">Notifications</h2>
        <p className="text-sm text-fg-subtle">
          Choose what reaches your inbox and your email about the work items you created, are assigned to or subscribed
          to.
        </p>
      </div>
      {prefs.error && <Banner>Failed to fetch your notification preferences, Please try again later.</Banner>}
      {prefs.data && (
        <div
          role="group"
          aria-label="Notify me about"
          className="divide-y divide-line rounded-lg border border-line px-4"
        >
          {PREFERENCES.map((p) => (
            <Toggle
              key={p.key}
              label={p.label}
              description={p.description}
              checked={prefs.data[p.key]}
              onChange={(v) => update.mutate({ [p.key]: v })}
            />
          ))}
        </div>
      )}
    </div>
  );
}
