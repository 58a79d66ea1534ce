import { Navigate, Outlet, useLocation } from "react-router";
import { useMe } from "../../api/users.ts";
import { PageSpinner } from "../ui/index.ts";

/** Signed-out visitors of a protected screen go to `/` with the path as next_path. */
export function RequireAuth() {
  const me = useMe();
  const loc = useLocation();
  if (me.isLoading) return <PageSpinner />;
  if (!me.data) return <Navigate to={`/?next_path=${encodeURIComponent(loc.pathname + loc.search)}`} replace />;
  return <Outlet />;
}
