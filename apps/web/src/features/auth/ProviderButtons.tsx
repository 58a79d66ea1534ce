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
          className="flex w-full items-center justify-center rounded-md border border-line-strong bg-surface px-3 py-2 text-sm font-medium text-fg-secondary hover:bg-fill-subtle"
        >
          Continue with {p.key === "oidc" ? config.oidc_button_label || "single sign-on" : p.label}
        </a>
      ))}
      <div className="flex items-center gap-3 py-1 text-xs text-fg-subtle" aria-hidden="true">
        <span className="h-px flex-1 bg-fill-selected" />
        or
        <span className="h-px flex-1 bg-fill-selected" />
      </div>
    </div>
  );
}
