import { useState } from "react";
import { useStickies } from "../../api/home.ts";
import { Modal } from "../../components/ui/index.ts";
import { AddStickyButton, StickiesGrid } from "./StickiesGrid.tsx";

/** The all-stickies modal (platform.md §2) opened from the home's "My stickies" widget. */
export function AllStickiesModal({ slug, open, onClose }: { slug: string; open: boolean; onClose: () => void }) {
  const stickies = useStickies(slug);
  const [active, setActive] = useState<string | null>(null);
  return (
    <Modal open={open} onClose={onClose} title="All stickies" wide>
      <div className="space-y-3">
        <AddStickyButton slug={slug} onCreated={setActive} />
        <StickiesGrid slug={slug} stickies={stickies.data ?? []} active={active} />
      </div>
    </Modal>
  );
}
