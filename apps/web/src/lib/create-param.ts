import { useState } from "react";
import { useSearchParams } from "react-router";

/**
 * A screen's create modal, also opened by `?create=1` in its URL (the command palette's "Create cycle" and the
 * like navigate there). The parameter is dropped when the modal closes; it opens only where `allowed`.
 */
export function useCreateParam(allowed: boolean): [boolean, (open: boolean) => void] {
  const [params, setParams] = useSearchParams();
  const [local, setLocal] = useState(false);
  const fromUrl = allowed && params.get("create") === "1";
  const set = (open: boolean) => {
    setLocal(open);
    if (!open && params.has("create")) {
      const next = new URLSearchParams(params);
      next.delete("create");
      setParams(next, { replace: true });
    }
  };
  return [local || fromUrl, set];
}
