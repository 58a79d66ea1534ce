/**
 * The create work item dialog's form (CreateWorkItemModal.tsx), held by react-hook-form: the project, the title,
 * the properties, the type and its custom property values; and what its buttons do: create (or move a draft to its
 * project), save to drafts, and close (asking first when something typed would be lost).
 */
import { useRef, useState, type RefObject } from "react";
import { useForm, type Resolver, type ResolverResult, type UseFormReturn } from "react-hook-form";
import { useToast } from "../ui/index.ts";
import { errorMessage, fieldErrors } from "../../api/client.ts";
import type { ItemKind } from "../../api/work-items.ts";
import { useCreateWorkItem, type CreateBody } from "../../api/work-items-create.ts";
import { useDraftMutations } from "../../api/work-items-drafts.ts";
import type { WorkspaceDraft } from "../../api/work-items-types.ts";
import { linkEditorAssets } from "../../api/work-items-upload.ts";
import type { RichEditorHandle } from "./RichEditor.tsx";
import type { Values } from "./create-work-item-fields.tsx";
import { isEmptyHtml } from "../../lib/html.ts";

export type CreateForm = {
  pid: string;
  name: string;
  values: Values;
  typeId: string | null;
  propValues: Record<string, string[]>;
};

export type CreateSetup = {
  slug: string;
  kind: ItemKind;
  mode: "issue" | "draft";
  draft?: WorkspaceDraft | null;
  initial: CreateForm;
  more: boolean;
  onClose: () => void;
  /** The project's key for the toast, once the item is made. */
  identifier: (pid: string) => string;
  /** Whether the type and custom properties are sent, and which property ids the chosen type has. */
  typed: () => { on: boolean; propIds: string[] };
};

/** The title first, then the project: one message at a time, as the user fixes them in that order. */
const required =
  (needsProject: boolean): Resolver<CreateForm> =>
  async (data): Promise<ResolverResult<CreateForm>> => {
    if (!data.name.trim()) return { values: {}, errors: { name: { type: "required", message: "Title is required" } } };
    if (needsProject && !data.pid)
      return { values: {}, errors: { pid: { type: "required", message: "Choose a project" } } };
    return { values: data, errors: {} };
  };

/** What a create says: the new item's key, or that it was kept offline (the server out of reach) and sent later. */
function announceCreated(
  toast: ReturnType<typeof useToast>,
  s: CreateSetup,
  pid: string,
  item: { id: string; sequence_id: number } | null,
  html: string | null | undefined,
) {
  if (!item) return toast.show("success", "Work item saved offline", "It is created when the server can be reached");
  if (html) void linkEditorAssets(s.slug, pid, item.id, html).catch(() => undefined);
  const title = s.kind === "epics" ? "Epic created" : "Work item created";
  toast.show("success", title, `${s.identifier(pid)}-${item.sequence_id}`);
}

export function useCreateItemForm(s: CreateSetup) {
  const form = useForm<CreateForm>({
    defaultValues: s.initial,
    resolver: required(!(s.mode === "draft" && !s.draft)),
    reValidateMode: "onChange",
  });
  const editor = useRef<RichEditorHandle>(null);
  const { setServer, failed, refused, error } = useServerErrors(form);
  const create = useCreateWorkItem(s.slug, form.watch("pid"), s.kind);
  const drafts = useDraftMutations(s.slug);
  const toast = useToast();
  const body = (): CreateBody => itemBody(form.getValues(), editor.current?.getHtml() ?? "", s.typed());

  const pending = create.isPending || drafts.create.isPending || drafts.update.isPending || drafts.toIssue.isPending;

  const guard = useCloseGuard(form, editor, s, pending);

  const saveDraft = () => {
    const b = body();
    const payload = { ...b, name: b.name, project_id: form.getValues("pid") || null } as Parameters<
      typeof drafts.create.mutate
    >[0];
    const done = () => {
      toast.show("success", "Saved to drafts", b.name || "Untitled");
      guard.setConfirmClose(false);
      s.onClose();
    };
    if (s.draft) drafts.update.mutate({ id: s.draft.id, ...payload }, { onSuccess: done });
    else drafts.create.mutate(payload, { onSuccess: done, onError: failed });
  };

  /** After a create (`item` null: kept offline): the modal closes, or (“create more”) empties for the next one. */
  const created = (item: { id: string; sequence_id: number } | null, html: string | null | undefined) => {
    announceCreated(toast, s, form.getValues("pid"), item, html);
    if (!s.more) return s.onClose();
    form.reset({ ...form.getValues(), name: "" }, { keepDefaultValues: true });
    editor.current?.clear();
    guard.restart();
    form.setFocus("name");
  };

  const onValid = ({ pid }: CreateForm) => {
    if (s.mode === "draft" && !s.draft) return saveDraft();
    if (s.mode === "draft" && s.draft) {
      return drafts.toIssue.mutate(
        { id: s.draft.id, ...body(), project_id: pid },
        {
          onSuccess: (item) => {
            toast.show("success", "Draft moved to the project", `${s.identifier(pid)}-${item.sequence_id}`);
            s.onClose();
          },
          onError: (e) => setServer(fieldErrors(e)),
        },
      );
    }
    create.mutate(
      { body: body() },
      {
        onSuccess: ({ item, pending }, v) => created(pending ? null : item, v.body.description_html),
        onError: refused,
      },
    );
  };
  const submit = () => {
    setServer({});
    void form.handleSubmit(onValid)();
  };

  return {
    form,
    editor,
    error,
    submit,
    saveDraft,
    pending,
    create,
    drafts,
    ...guard,
  };
}

/** What is sent: the trimmed title, the description unless empty, the chosen properties, the type and its values. */
function itemBody(
  { name, values, typeId, propValues }: CreateForm,
  html: string,
  typed: { on: boolean; propIds: string[] },
): CreateBody {
  return {
    name: name.trim(),
    ...(isEmptyHtml(html) ? {} : { description_html: html }),
    ...Object.fromEntries(
      Object.entries(values).filter(([, v]) => v !== null && !(Array.isArray(v) && v.length === 0)),
    ),
    ...(typed.on && typeId ? { type_id: typeId } : {}),
    ...(typed.on && Object.keys(propValues).length
      ? { property_values: Object.fromEntries(Object.entries(propValues).filter(([k]) => typed.propIds.includes(k))) }
      : {}),
  };
}

/**
 * Esc, ✕, Cancel and a click outside: with nothing typed or chosen since the form started (or since the last
 * "Create more") the dialog closes, otherwise the user chooses (`confirmClose`).
 */
function useCloseGuard(
  form: UseFormReturn<CreateForm>,
  editor: RefObject<RichEditorHandle | null>,
  s: CreateSetup,
  pending: boolean,
) {
  const [start, setStart] = useState({
    name: s.initial.name.trim(),
    values: JSON.stringify(s.initial.values),
    descriptionEmpty: isEmptyHtml(s.draft?.description_html),
  });
  const [descriptionEdited, setDescriptionEdited] = useState(false);
  const [confirmClose, setConfirmClose] = useState(false);
  const isDirty = () =>
    form.getValues("name").trim() !== start.name ||
    JSON.stringify(form.getValues("values")) !== start.values ||
    (descriptionEdited && !(start.descriptionEmpty && isEmptyHtml(editor.current?.getHtml())));
  return {
    confirmClose,
    setConfirmClose,
    setDescriptionEdited,
    requestClose: () => {
      if (pending) return;
      if (isDirty()) setConfirmClose(true);
      else s.onClose();
    },
    /** After "Create more": the emptied form is the new start. */
    restart: () => {
      setDescriptionEdited(false);
      setStart({ name: "", values: JSON.stringify(form.getValues("values")), descriptionEmpty: true });
    },
  };
}

/** The server's answers: its field messages next to their fields, anything else above the form (`form`). */
function useServerErrors(form: UseFormReturn<CreateForm>) {
  const [server, setServer] = useState<Record<string, string>>({});
  const failed = (e: unknown) =>
    setServer({ form: errorMessage((e as { body?: unknown }).body) ?? (e as Error).message });
  return {
    setServer,
    failed,
    /** A refusal naming fields shows at those fields; any other failure above the form. */
    refused: (e: unknown) => {
      const fe = fieldErrors(e);
      if (Object.keys(fe).length) setServer(fe);
      else failed(e);
    },
    /** A field's message: the form's own check, else the server's answer. */
    error: (k: string) =>
      (k === "name"
        ? form.formState.errors.name?.message
        : k === "project"
          ? form.formState.errors.pid?.message
          : undefined) ||
      server[k] ||
      undefined,
  };
}
