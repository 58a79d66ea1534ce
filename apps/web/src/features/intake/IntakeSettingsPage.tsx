import { useState } from "react";
import { Link } from "react-router";
import { useQuery } from "@tanstack/react-query";
import { ArrowLeft, Copy, RefreshCw } from "lucide-react";
import { intakeSettingsQuery, useRegenerateIntakeAnchor, useUpdateIntakeSettings } from "../../api/intake.ts";
import { PageHeader } from "../../components/layout/PageHeader.tsx";
import {
  Banner,
  Button,
  ConfirmModal,
  EmptyState,
  Input,
  NoAccess,
  PageSpinner,
  Toggle,
  useToast,
} from "../../components/ui/index.ts";
import type { IntakeSettings } from "@stride/shared/contract";
import { useCan } from "../../lib/permissions.ts";
import { useCurrentProject } from "../projects/current-project.ts";

/** The public form's address for an anchor, on this server. */
export const publicFormUrl = (anchor: string) => `${window.location.origin}/spaces/intake/${anchor}/`;

/**
 * Intake settings: filing from the app, the public form (its link, copy, and a new link that retires the old
 * one). Members read them; admins change them.
 */
export function IntakeSettingsPage() {
  const { slug, projectId: pid, project } = useCurrentProject();
  const canView = useCan("settingsView", "intake");
  const canEdit = useCan("settingsEdit", "intake");
  const settings = useQuery({ ...intakeSettingsQuery(slug, pid), enabled: canView && project.intake_view });
  const back = (
    <Link
      to={`/${slug}/projects/${pid}/intake/`}
      className="inline-flex items-center gap-1 text-sm text-indigo-600 hover:underline"
    >
      <ArrowLeft size={14} aria-hidden /> Back to intake
    </Link>
  );
  if (!project.intake_view)
    return (
      <>
        <PageHeader title="Intake settings" />
        <EmptyState
          title="Intake is turned off"
          description="A project admin can turn on intake in the project's feature settings."
        />
      </>
    );
  if (!canView)
    return (
      <>
        <PageHeader title="Intake settings" />
        <NoAccess what="Intake settings" />
      </>
    );
  const s = settings.data;
  const noEdit = canEdit ? null : "Only project admins can change the intake settings.";
  return (
    <>
      <PageHeader title="Intake settings" actions={back} />
      <div className="max-w-2xl space-y-6 p-6">
        {settings.isLoading ? (
          <PageSpinner />
        ) : settings.isError || !s ? (
          <Banner>Could not load the intake settings.</Banner>
        ) : (
          <>
            <IntakeToggles settings={s} noEdit={noEdit} />
            <FormLink settings={s} noEdit={noEdit} />
          </>
        )}
      </div>
    </>
  );
}

const INTAKE_TOGGLES = [
  ["is_in_app_enabled", "Requests from the app", "People in the project file requests from the intake screen."],
  [
    "is_form_enabled",
    "Public form",
    "Anyone with the link can send a request, without signing in. Requests land in Open, with the sender's email.",
  ],
] as const;

/** Filing from the app and the public form, each switched on and off at once. */
function IntakeToggles({ settings: s, noEdit }: { settings: IntakeSettings; noEdit: string | null }) {
  const { slug, projectId: pid } = useCurrentProject();
  const update = useUpdateIntakeSettings(slug, pid);
  return (
    <div className="divide-y divide-line">
      {INTAKE_TOGGLES.map(([key, label, description]) => (
        <Toggle
          key={key}
          label={label}
          description={description}
          checked={s[key]}
          disabled={update.isPending}
          disabledReason={noEdit}
          onChange={(v) => update.mutate({ [key]: v })}
        />
      ))}
    </div>
  );
}

/** The public form's link: copied, opened, or replaced by a new one (which retires it, after a confirmation). */
function FormLink({ settings: s, noEdit }: { settings: IntakeSettings; noEdit: string | null }) {
  const { slug, projectId: pid } = useCurrentProject();
  const regenerate = useRegenerateIntakeAnchor(slug, pid);
  const [confirm, setConfirm] = useState(false);
  const toast = useToast();
  const url = publicFormUrl(s.anchor);
  return (
    <section aria-label="Public form link" className="space-y-2">
      <h2 className="text-sm font-semibold">Public form link</h2>
      <div className="flex items-end gap-2">
        <div className="min-w-0 flex-1">
          <Input aria-label="Public form link" readOnly value={url} onFocus={(e) => e.currentTarget.select()} />
        </div>
        <Button
          variant="secondary"
          onClick={() =>
            navigator.clipboard?.writeText(url).then(
              () => toast.show("success", "Link copied"),
              () => toast.show("error", "Could not copy the link"),
            )
          }
        >
          <Copy size={14} aria-hidden /> Copy
        </Button>
        {s.is_form_enabled && (
          <a className="text-sm text-indigo-600 hover:underline" href={url} target="_blank" rel="noreferrer">
            Open form
          </a>
        )}
      </div>
      {!s.is_form_enabled && <p className="text-xs text-fg-subtle">The link works once the public form is on.</p>}
      <Button
        variant="secondary"
        disabledReason={noEdit}
        loading={regenerate.isPending}
        onClick={() => setConfirm(true)}
      >
        <RefreshCw size={14} aria-hidden /> New link
      </Button>
      <ConfirmModal
        open={confirm}
        title="Make a new form link?"
        message="The current link stops working at once; share the new one."
        confirmLabel="Make a new link"
        loading={regenerate.isPending}
        onClose={() => setConfirm(false)}
        onConfirm={() =>
          regenerate.mutate(undefined, {
            onSuccess: () => {
              setConfirm(false);
              toast.show("success", "New form link made");
            },
          })
        }
      />
    </section>
  );
}
