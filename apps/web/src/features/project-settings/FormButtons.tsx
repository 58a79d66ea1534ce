import type { FormEvent, ReactNode } from "react";
import { Banner, Button, Toggle } from "../../components/ui/index.ts";

/** An inline settings form's Cancel and submit buttons. */
export function FormButtons({ label, pending, onCancel }: { label: string; pending: boolean; onCancel: () => void }) {
  return (
    <div className="flex justify-end gap-2">
      <Button variant="secondary" type="button" onClick={onCancel}>
        Cancel
      </Button>
      <Button type="submit" loading={pending}>
        {label}
      </Button>
    </div>
  );
}

/** The switch of an agent-settings form that makes what it saves part of the issue agent (none: not offered). */
export interface IssueAgentSwitch {
  label: string;
  description: string;
  checked: boolean;
  onChange: (on: boolean) => void;
}

/**
 * The "Use for the issue agent" switch of a form that adds a template (`description`: what the agent gets from it);
 * none when it edits one.
 */
export function issueAgentSwitch(
  editing: boolean,
  description: string,
  checked: boolean,
  onChange: (on: boolean) => void,
): IssueAgentSwitch | null {
  return editing ? null : { label: "Use for the issue agent", description, checked, onChange };
}

/**
 * An inline add or edit form of the agent settings (agents, repositories, MCP servers): a failure that names no
 * field above `children`, the issue-agent switch below, then Cancel and `submitLabel`.
 */
export function InlineForm({
  label,
  onSubmit,
  formError,
  issueAgent,
  submitLabel,
  pending,
  onCancel,
  children,
}: {
  label: string;
  onSubmit: (e: FormEvent) => void;
  formError: string | null;
  issueAgent: IssueAgentSwitch | null;
  submitLabel: string;
  pending: boolean;
  onCancel: () => void;
  children: ReactNode;
}) {
  return (
    <form onSubmit={onSubmit} className="space-y-3 rounded-lg border border-line p-4" aria-label={label}>
      {formError && <Banner>{formError}</Banner>}
      {children}
      {issueAgent && <Toggle {...issueAgent} />}
      <FormButtons label={submitLabel} pending={pending} onCancel={onCancel} />
    </form>
  );
}
