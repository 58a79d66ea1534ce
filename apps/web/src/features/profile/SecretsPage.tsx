import { ComingSoon } from "../../components/ui/index.ts";

/** Secrets used by agent runs; the feature ships with agents. */
export function SecretsPage() {
  return (
    <div className="max-w-2xl">
      <h2 className="text-lg font-semibold">Secrets</h2>
      <ComingSoon feature="Secrets" />
    </div>
  );
}
