import { useQuery } from "@tanstack/react-query";
import { PRIORITIES } from "@stride/shared";
import { spaceRequestsQuery, useSpaceRequest } from "../../api/publish.ts";
import { Banner, Button, Input, Select, Textarea } from "../../components/ui/index.ts";
import { useDialogForm } from "../../lib/settings-form.ts";
import { checkSpaceRequest, NO_REQUEST, spaceRequestBody } from "./space-forms.ts";

/** Intake statuses as a requester reads them. */
const REQUEST_STATUS: Record<number, string> = {
  [-2]: "Pending",
  [-1]: "Declined",
  0: "Snoozed",
  1: "Accepted",
  2: "Duplicate",
};

/**
 * Send a request to the project's intake (wire-facts-2 §2 intake-issues/): a signed-in visitor's title, details and
 * priority land as a pending intake item; their earlier requests are listed with their status.
 */
export function RequestPanel(props: {
  anchor: string;
  intakeId: string;
  projectName: string;
  signedIn: boolean;
  signInLink: string;
  onClose: () => void;
}) {
  const { anchor, intakeId, signedIn } = props;
  const mine = useQuery({ ...spaceRequestsQuery(anchor, intakeId), enabled: signedIn });
  return (
    <aside
      aria-label="Send a request"
      className="w-full max-w-md shrink-0 space-y-4 overflow-auto border-l border-line p-4"
    >
      <div className="flex items-center justify-between">
        <h2 className="text-lg font-semibold">Send a request to {props.projectName}</h2>
        <Button variant="secondary" onClick={props.onClose}>
          Close
        </Button>
      </div>
      {!signedIn ? (
        <p className="text-sm text-fg-subtle">
          <a className="text-blue-600 hover:underline" href={props.signInLink}>
            Sign in
          </a>{" "}
          to send a request.
        </p>
      ) : (
        <>
          <RequestForm anchor={anchor} intakeId={intakeId} />
          {(mine.data ?? []).length > 0 && (
            <section aria-label="Your requests" className="space-y-1">
              <h3 className="text-sm font-medium">Your requests</h3>
              <ul className="divide-y divide-line-subtle text-sm">
                {mine.data!.map((r) => (
                  <li key={r.id} className="flex justify-between gap-2 py-1">
                    <span className="truncate">{r.issue.name}</span>
                    <span className="shrink-0 text-fg-subtle">{REQUEST_STATUS[r.status] ?? "Pending"}</span>
                  </li>
                ))}
              </ul>
            </section>
          )}
        </>
      )}
    </aside>
  );
}

/** The request itself: title, details and priority; emptied once it is sent. */
function RequestForm({ anchor, intakeId }: { anchor: string; intakeId: string }) {
  const send = useSpaceRequest(anchor, intakeId);
  const { form, error, formError, onSubmit } = useDialogForm(NO_REQUEST, checkSpaceRequest);
  const submit = onSubmit((v, onError) =>
    send.mutate(spaceRequestBody(v), { onSuccess: () => form.reset(NO_REQUEST), onError }),
  );
  return (
    <>
      {send.isSuccess && <Banner kind="success">Thank you. Your request reached the team's intake.</Banner>}
      <form onSubmit={(e) => void submit(e)} className="space-y-3" aria-label="Request">
        {formError && <Banner>{formError}</Banner>}
        <Input label="Title" required maxLength={255} error={error("name")} {...form.register("name")} />
        <Textarea
          label="Details"
          rows={5}
          maxLength={20000}
          error={error("details") ?? error("description_html")}
          {...form.register("details")}
        />
        <Select label="Priority" error={error("priority")} {...form.register("priority")}>
          {[...PRIORITIES].reverse().map((p) => (
            <option key={p} value={p}>
              {p === "none" ? "None" : p[0].toUpperCase() + p.slice(1)}
            </option>
          ))}
        </Select>
        <Button type="submit" loading={send.isPending} disabled={!form.watch("name").trim()}>
          Send request
        </Button>
      </form>
    </>
  );
}
