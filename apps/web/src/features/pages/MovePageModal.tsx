import { useState } from "react";
import { Button, Modal, Select } from "../../components/ui/index.ts";
import { useMovePage, type Page } from "../../api/pages.ts";
import { useProjects } from "../../api/projects.ts";
import { projectSubject, usePermissions } from "../../lib/permissions.ts";

/** Move a page (with its sub-pages) to another project of the workspace where the caller may create pages. */
export function MovePageModal({
  slug,
  pid,
  page,
  onClose,
  onMoved,
}: {
  slug: string;
  pid: string;
  page: Page;
  onClose: () => void;
  onMoved: (projectId: string) => void;
}) {
  const projects = useProjects(slug);
  const can = usePermissions({ projects: true });
  const move = useMovePage(slug, pid);
  const targets = (projects.data ?? []).filter(
    (p) => p.id !== pid && !p.archived_at && can("create", "page", projectSubject(p)),
  );
  const [to, setTo] = useState("");
  const target = to || targets[0]?.id || "";
  return (
    <Modal
      open
      onClose={onClose}
      title="Move page"
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button
            disabled={!target || move.isPending}
            onClick={() =>
              move.mutate(
                { id: page.id, projectId: target, label: page.name || "Untitled" },
                { onSuccess: () => onMoved(target) },
              )
            }
          >
            Move
          </Button>
        </>
      }
    >
      {targets.length === 0 ? (
        <p className="text-sm text-fg-muted">There is no other project where you can add pages.</p>
      ) : (
        <Select label="Project" value={target} onChange={(e) => setTo(e.target.value)}>
          {targets.map((p) => (
            <option key={p.id} value={p.id}>
              {p.name}
            </option>
          ))}
        </Select>
      )}
    </Modal>
  );
}
