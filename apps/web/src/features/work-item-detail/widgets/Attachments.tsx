import { useRef, useState, type ReactNode, type RefObject } from "react";
import {
  File,
  FileArchive,
  FileAudio,
  FileCode,
  FileImage,
  FileSpreadsheet,
  FileText,
  FileVideo,
  Presentation,
  type LucideIcon,
} from "lucide-react";
import { useQueryClient } from "@tanstack/react-query";
import { cx, useToast } from "../../../components/ui/index.ts";
import { errorMessage } from "../../../api/client.ts";
import { wiKeys } from "../../../api/work-items.ts";
import { useAttachments, useDeleteAttachment } from "../../../api/work-items-detail.ts";
import { waitsForServer } from "../../../api/work-items-parts.ts";
import { detailKeys } from "../../../api/work-items-parts.ts";
import { UPLOAD_CANCELED, fileType, uploadAttachment } from "../../../api/work-items-upload.ts";
import { useFileSizeLimit } from "../../../api/instance.ts";
import type { ProjectRefs } from "../../../api/work-items-refs.ts";
import type { FileAsset } from "../../../api/work-items-types.ts";
import { Icon } from "../../../components/work-item/icons.tsx";
import { relativeTime } from "../../../lib/dates.ts";
import { ADD_BTN, OFFLINE_PART, Widget } from "./Widget.tsx";
import { fileKind, hasThumbnail, type FileKind } from "./file-kind.ts";

/** An upload in progress (work-tracking.md §3: id, name, progress, size, type). */
interface Upload {
  id: string;
  name: string;
  progress: number;
  size: number;
  type: string;
  cancel: () => void;
}

export function formatSize(n: number | undefined): string {
  if (!n && n !== 0) return "";
  if (n < 1024) return `${n} B`;
  if (n < 1048576) return `${(n / 1024).toFixed(1)} KB`;
  return `${(n / 1048576).toFixed(1)} MB`;
}

const KIND_ICON: Record<FileKind, LucideIcon> = {
  image: FileImage,
  pdf: FileText,
  text: FileText,
  document: FileText,
  spreadsheet: FileSpreadsheet,
  presentation: Presentation,
  archive: FileArchive,
  video: FileVideo,
  audio: FileAudio,
  code: FileCode,
  file: File,
};

/** The icon of a file kind, on the same 36 px tile a thumbnail uses. */
function FileTile({ kind }: { kind: FileKind }) {
  const I = KIND_ICON[kind];
  return (
    <span
      data-file-kind={kind}
      className="flex h-9 w-9 shrink-0 items-center justify-center rounded border border-line-raised bg-fill-subtle text-fg-subtle"
    >
      <I size={18} strokeWidth={1.75} aria-hidden focusable="false" />
    </span>
  );
}

/**
 * An image attachment's thumbnail: the image itself through its signed link (the attachment's `asset_url`
 * answers a 302 to it), decorative beside the file's name; the type's icon while it cannot be drawn.
 */
function Thumbnail({ url, kind }: { url: string; kind: FileKind }) {
  const [failed, setFailed] = useState(false);
  if (failed || !hasThumbnail(kind)) return <FileTile kind={kind} />;
  return (
    <img
      src={url}
      alt=""
      loading="lazy"
      decoding="async"
      data-thumbnail
      onError={() => setFailed(true)}
      className="h-9 w-9 shrink-0 rounded border border-line-raised bg-fill-subtle object-cover"
    />
  );
}

/**
 * Attachments: upload with a progress bar (rounded percent, cancel → "Upload canceled"), download
 * through the signed link, delete. Images show a thumbnail, other files an icon of their type. Drop files
 * on the widget or pick them.
 */
export function Attachments({
  slug,
  pid,
  id,
  refs,
  editable,
  open,
  onToggle,
}: {
  slug: string;
  pid: string;
  id: string;
  refs: ProjectRefs;
  editable: boolean;
  open: boolean;
  onToggle: () => void;
}) {
  const q = useAttachments(slug, pid, id);
  const del = useDeleteAttachment(slug, pid, id);
  const maxSize = useFileSizeLimit();
  const { uploads, start } = useUploads(slug, pid, id, maxSize);
  const input = useRef<HTMLInputElement>(null);
  const files = q.data ?? [];

  return (
    <Widget
      id="attachments"
      title="Attachments"
      count={files.length || undefined}
      open={open}
      onToggle={onToggle}
      actions={editable && <UploadButton input={input} onFiles={(fs) => fs.forEach(start)} />}
    >
      <DropZone enabled={editable} onFiles={(fs) => fs.forEach(start)}>
        <ul className="space-y-1" aria-label="Attachments">
          {uploads.map((u) => (
            <UploadRow key={u.id} upload={u} />
          ))}
          {files.map((f) => (
            <AttachmentRow
              key={f.id}
              file={f}
              by={f.created_by ? refs.userById.get(f.created_by)?.display_name : null}
              editable={editable}
              onDelete={() => del.mutate(f.id)}
            />
          ))}
        </ul>
        {files.length === 0 && uploads.length === 0 && (
          <button
            type="button"
            disabled={!editable}
            onClick={() => input.current?.click()}
            className="w-full rounded-md border border-dashed border-line-strong px-3 py-4 text-center text-xs text-fg-subtle hover:bg-surface-muted disabled:cursor-default disabled:hover:bg-transparent"
          >
            {waitsForServer(q)
              ? OFFLINE_PART
              : q.isError
                ? "Attachments are not available."
                : editable
                  ? `Drop files here or click to upload (up to ${formatSize(maxSize)})`
                  : "No attachments."}
          </button>
        )}
      </DropZone>
    </Widget>
  );
}

/** The uploads in progress; `start` sends one (too large: refused at once), and the lists are read again after. */
function useUploads(slug: string, pid: string, id: string, maxSize: number) {
  const qc = useQueryClient();
  const toast = useToast();
  const [uploads, setUploads] = useState<Upload[]>([]);

  const start = (file: File) => {
    if (file.size > maxSize) {
      toast.show("error", `${file.name} is too large`, `Files can be at most ${formatSize(maxSize)}.`);
      return;
    }
    const localId = `${Date.now()}-${Math.random().toString(36).slice(2)}`;
    const h = uploadAttachment({
      slug,
      projectId: pid,
      issueId: id,
      file,
      onProgress: (p) => setUploads((us) => us.map((u) => (u.id === localId ? { ...u, progress: p } : u))),
    });
    setUploads((us) => [
      ...us,
      { id: localId, name: file.name, progress: 0, size: file.size, type: fileType(file), cancel: h.cancel },
    ]);
    h.promise
      .then(() => {
        toast.show("success", "Attachment uploaded", file.name);
        qc.invalidateQueries({ queryKey: detailKeys.attachments(slug, pid, id) });
        qc.invalidateQueries({ queryKey: wiKeys.detail(slug, pid, id) });
        qc.invalidateQueries({ queryKey: detailKeys.history(slug, pid, id, "property") });
      })
      .catch((e: unknown) => {
        const msg = e instanceof Error ? e.message : String(e);
        if (msg === UPLOAD_CANCELED) toast.show("info", UPLOAD_CANCELED, file.name);
        else toast.show("error", `Could not upload ${file.name}`, errorMessage((e as { body?: unknown }).body) ?? msg);
      })
      .finally(() => setUploads((us) => us.filter((u) => u.id !== localId)));
  };
  return { uploads, start };
}

/** An upload in progress: its progress bar and Cancel. */
function UploadRow({ upload: u }: { upload: Upload }) {
  return (
    <li data-upload={u.name} className="flex items-center gap-2 rounded border border-line px-2 py-1.5 text-sm">
      <FileTile kind={fileKind(u.type, u.name)} />
      <div className="min-w-0 flex-1">
        <div className="flex justify-between gap-2 text-xs">
          <span className="truncate">{u.name}</span>
          <span aria-live="polite">{u.progress}%</span>
        </div>
        <div
          className="mt-1 h-1 overflow-hidden rounded bg-fill"
          role="progressbar"
          aria-label={`Uploading ${u.name}`}
          aria-valuenow={u.progress}
          aria-valuemin={0}
          aria-valuemax={100}
        >
          <div className="h-full bg-indigo-500 transition-[width]" style={{ width: `${u.progress}%` }} />
        </div>
      </div>
      <button
        type="button"
        onClick={u.cancel}
        aria-label={`Cancel upload of ${u.name}`}
        className="rounded px-1.5 py-0.5 text-xs text-fg-subtle hover:bg-fill"
      >
        Cancel
      </button>
    </li>
  );
}

/** An attachment: thumbnail or icon, download link, size, who and when; delete. */
function AttachmentRow({
  file: f,
  by,
  editable,
  onDelete,
}: {
  file: FileAsset;
  by: string | null | undefined;
  editable: boolean;
  onDelete: () => void;
}) {
  const name = f.attributes?.name ?? "file";
  return (
    <li data-attachment={name} className="group flex items-center gap-2 rounded border border-line px-2 py-1.5 text-sm">
      <Thumbnail url={f.asset_url} kind={fileKind(f.attributes?.type, name)} />
      <a
        href={f.asset_url}
        download={name}
        className="min-w-0 flex-1 truncate text-indigo-600 hover:underline"
        title={`Download ${name}`}
      >
        {name}
      </a>
      <span className="shrink-0 text-xs text-fg-subtle">
        {formatSize(f.attributes?.size ?? f.size)}
        {by ? ` · ${by}` : ""}
        {f.created_at ? ` · ${relativeTime(f.created_at)}` : ""}
      </span>
      {editable && (
        <button
          type="button"
          aria-label={`Delete attachment ${name}`}
          onClick={onDelete}
          className="rounded p-1 text-fg-faint opacity-0 hover:bg-fill-strong hover:text-fg-muted focus:opacity-100 group-hover:opacity-100"
        >
          <Icon name="trash" size={12} />
        </button>
      )}
    </li>
  );
}

/** Where files may be dropped (while `enabled`): ringed while they are dragged over it. */
function DropZone({
  enabled,
  onFiles,
  children,
}: {
  enabled: boolean;
  onFiles: (files: File[]) => void;
  children: ReactNode;
}) {
  const [over, setOver] = useState(false);
  return (
    <div
      onDragOver={(e) => {
        if (enabled && e.dataTransfer.types.includes("Files")) {
          e.preventDefault();
          setOver(true);
        }
      }}
      onDragLeave={() => setOver(false)}
      onDrop={(e) => {
        if (!enabled) return;
        e.preventDefault();
        setOver(false);
        onFiles([...e.dataTransfer.files]);
      }}
      className={cx("rounded-md", over && "ring-2 ring-indigo-400")}
    >
      {children}
    </div>
  );
}

/** Upload: picks files through the hidden file input (which the empty list's button opens too). */
function UploadButton({
  input,
  onFiles,
}: {
  input: RefObject<HTMLInputElement | null>;
  onFiles: (files: File[]) => void;
}) {
  return (
    <>
      <button type="button" className={ADD_BTN} onClick={() => input.current?.click()}>
        <Icon name="paperclip" size={12} />
        Upload
      </button>
      <input
        ref={input}
        type="file"
        multiple
        aria-label="Upload attachments"
        className="hidden"
        onChange={(e) => {
          onFiles([...(e.target.files ?? [])]);
          e.target.value = "";
        }}
      />
    </>
  );
}
