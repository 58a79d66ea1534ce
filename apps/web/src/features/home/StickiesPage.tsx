import { useState } from "react";
import { useStickies } from "../../api/home.ts";
import { PageHeader } from "../../components/layout/PageHeader.tsx";
import { Input, PageSpinner } from "../../components/ui/index.ts";
import { useCurrentWorkspace } from "../workspace/current-workspace.ts";
import { AddStickyButton, StickiesGrid } from "./StickiesGrid.tsx";

/** Words of a sticky's text that `query` must all be found in (as the server's `?query=` search does). */
const matches = (text: string, query: string) => text.toLowerCase().includes(query.trim().toLowerCase());

/** The stickies screen: every sticky of the caller, searchable, in their order (drag or keyboard to reorder). */
export function StickiesPage() {
  const { slug } = useCurrentWorkspace();
  const stickies = useStickies(slug);
  const [active, setActive] = useState<string | null>(null);
  const [query, setQuery] = useState("");
  const shown = (stickies.data ?? []).filter(
    (s) => !query.trim() || matches(`${s.name ?? ""} ${s.description_stripped ?? ""}`, query),
  );
  return (
    <>
      <PageHeader
        title="Stickies"
        actions={
          <AddStickyButton
            slug={slug}
            onCreated={(id) => {
              setQuery("");
              setActive(id);
            }}
          />
        }
      />
      <div className="mx-auto w-full max-w-5xl space-y-4 p-6">
        <div className="max-w-sm">
          <Input
            type="search"
            aria-label="Search stickies"
            placeholder="Search stickies"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
          />
        </div>
        {stickies.isPending ? (
          <PageSpinner />
        ) : (
          <StickiesGrid
            slug={slug}
            stickies={shown}
            active={active}
            empty={query.trim() ? "No sticky matches your search." : "No stickies yet. Add one to jot something down."}
          />
        )}
      </div>
    </>
  );
}
