import { useState } from "react";
import {
  deleteLocalData,
  localDbChoice,
  setLocalDbEnabled,
  useLocalDb,
  type LocalDbStatus,
} from "../../api/local-db/client.ts";
import { Button, useToast } from "../../components/ui/index.ts";

const STATUS_TEXT: Record<LocalDbStatus, string> = {
  undefined: "Not started",
  initializing: "Starting…",
  ready: "Ready",
  error: "Error: lists are read from the server",
  off: "Off: lists are read from the server",
};

/**
 * The offline local database (platform.md §1, §4): its status, the browser's on/off choice (LOCAL_DB_ENABLED; unset,
 * the instance's default) and one button that deletes what it holds.
 */
export function LocalDataSection() {
  const db = useLocalDb();
  const toast = useToast();
  const [deleting, setDeleting] = useState(false);
  const on = db.status !== "off" && localDbChoice() !== false;
  const projects = Object.values(db.projects);
  const items = projects.reduce((n, p) => n + p.items, 0);
  const onDelete = async () => {
    setDeleting(true);
    try {
      const ok = await deleteLocalData();
      toast.show(
        ok ? "success" : "error",
        ok ? "Local data deleted" : "Could not delete the local data",
        ok ? "Work items are read from the server until this browser syncs them again." : undefined,
      );
    } finally {
      setDeleting(false);
    }
  };
  return (
    <section aria-labelledby="local-data" data-local-db={db.status}>
      <h2 id="local-data" className="text-lg font-semibold">
        Local data
      </h2>
      <p className="mt-1 text-sm text-fg-subtle">
        This browser keeps a copy of the work items of the projects you open, so lists answer at once and still show
        when the server cannot be reached.
      </p>
      <dl className="mt-4 grid w-fit grid-cols-[auto_auto] gap-x-6 gap-y-1 text-sm">
        <dt className="text-fg-subtle">Status</dt>
        <dd data-testid="local-db-status">
          {STATUS_TEXT[db.status]}
          {db.status === "error" && db.reason ? ` (${db.reason})` : ""}
        </dd>
        <dt className="text-fg-subtle">Kept</dt>
        <dd>
          {projects.length} {projects.length === 1 ? "project" : "projects"}, {items} work{" "}
          {items === 1 ? "item" : "items"}
        </dd>
        <dt className="text-fg-subtle">Not yet sent</dt>
        <dd data-testid="local-db-outbox">
          {db.outbox} {db.outbox === 1 ? "edit" : "edits"}
        </dd>
      </dl>
      <div className="mt-4 flex flex-wrap items-center gap-4">
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" checked={on} onChange={(e) => setLocalDbEnabled(e.target.checked)} />
          Keep work items in this browser
        </label>
        <Button
          variant="secondary"
          loading={deleting}
          disabled={db.status !== "ready" || db.outbox > 0}
          onClick={() => void onDelete()}
        >
          Delete local data
        </Button>
      </div>
      {db.outbox > 0 && (
        <p className="mt-2 text-sm text-fg-subtle">
          Edits made here are still waiting for the server: the local data can be deleted once they are sent.
        </p>
      )}
    </section>
  );
}
