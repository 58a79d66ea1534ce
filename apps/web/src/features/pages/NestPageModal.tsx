import { useState } from "react";
import { usePlacePage } from "../../api/pages.ts";
import { Button, Modal, Select } from "../../components/ui/index.ts";
import { useCurrentProject } from "../projects/current-project.ts";
import { nestPatch, nestTargets, type PageNode, type PageTreeData } from "./tree.ts";

const TOP = "";

/** "Nest under…": the page goes last under the chosen page, or to the top level (its sub-pages go with it). */
export function NestPageModal({ page, data, onClose }: { page: PageNode; data: PageTreeData; onClose: () => void }) {
  const { slug, projectId } = useCurrentProject();
  const place = usePlacePage(slug, projectId);
  const current = page.depth === 0 ? TOP : (page.parent ?? TOP);
  const [to, setTo] = useState(current);
  const patch = nestPatch(data.flat, page.id, to || null);
  return (
    <Modal
      open
      onClose={onClose}
      title={`Nest "${page.label}"`}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button
            disabled={!patch || place.isPending}
            onClick={() => patch && place.mutate({ id: page.id, ...patch }, { onSuccess: onClose })}
          >
            Move
          </Button>
        </>
      }
    >
      <Select label="Put it under" value={to} onChange={(e) => setTo(e.target.value)}>
        <option value={TOP}>The top level</option>
        {nestTargets(data.flat, page.id).map((n) => (
          <option key={n.id} value={n.id}>
            {"\u00a0\u00a0".repeat(n.depth)}
            {n.label}
          </option>
        ))}
      </Select>
      <p className="mt-2 text-xs text-fg-subtle">Its sub-pages move with it.</p>
    </Modal>
  );
}
