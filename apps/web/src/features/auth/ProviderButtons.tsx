import { OAUTH_PROVIDER_CONFIG } from "@stride/shared";
import { useInstance } from "../../api/instance.ts";

/**
 * "Continue with …" for every sign-in provider the instance has switched on (`config.is_<p>_enabled`). Each is a
 * full-page link to the server's `/auth/<p>/`, which sends the browser on to the provider and back to the app.
 */
export function ProviderButtons({ nextPath }: { nextPath: string | null }) {
  const instance = useInstance();
  const config = instance.data?.config;
  if (!config) return null;
  const on = OAUTH_PROVIDER_CONFIG.filter((p) => config[p.flag]);
  if (on.length === 0) return null;
  const query = nextPath ? `?next_path=${encodeURIComponent(nextPath)}` : "";
  return (
    <div className="space-y-2">
      {on.map((p) => (
        <a
          key={p.key}
          href={`/auth/${p.key}/${query}`}
          className="flex w-full items-center justify-center rounded-md border border-zinc-300 bg-white px-3 py-2 text-sm font-medium text-zinc-800 hover:bg-zinc-50 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100 dark:hover:bg-zinc-800"
        >
          Continue with {p.key === "oidc" ? config.oidc_button_label || "single sign-on" : p.label}
        </a>
      ))}
      <div className="flex items-center gap-3 py-1 text-xs text-zinc-500" aria-hidden="true">
        <span className="h-px flex-1 bg-zinc-200 dark:bg-zinc-800" />or<span className="h-px flex-1 bg-zinc-200 dark:bg-zinc-800" />
      </div>
    </div>
  );
}
