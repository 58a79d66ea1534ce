import { useRef, useState } from "react";
import { ImageUp, X } from "lucide-react";
import { useProjectCovers } from "../../api/projects.ts";
import { uploadProjectCover, UploadError } from "../../api/work-items-upload.ts";
import { Button, Input, cx } from "../ui/index.ts";

/**
 * A project's cover as the forms hold it: a URL or path in `cover_image` (a cover Stride ships, the operator's, a link),
 * or an uploaded image in `cover_image_asset`; `preview` is what to show.
 */
export interface CoverValue {
  cover_image: string;
  cover_image_asset: string | null;
  preview: string;
}

export const NO_COVER: CoverValue = { cover_image: "", cover_image_asset: null, preview: "" };

/** The form value of a saved project. */
export const coverOf = (p: {
  cover_image: string | null;
  cover_image_asset?: string | null;
  cover_image_url?: string | null;
}): CoverValue => ({
  cover_image: p.cover_image ?? "",
  cover_image_asset: p.cover_image_asset ?? null,
  preview: p.cover_image_url ?? p.cover_image ?? "",
});

/** The body fields that save a cover (choosing one kind clears the other). */
export const coverFields = (v: CoverValue) =>
  v.cover_image_asset
    ? { cover_image: null, cover_image_asset: v.cover_image_asset }
    : { cover_image: v.cover_image || null, cover_image_asset: null };

/** The cover box of the create form and the settings: Stride's covers to pick, an upload, or an image URL. */
export function CoverPicker({
  slug,
  value,
  onChange,
  error,
  disabled,
}: {
  slug: string;
  value: CoverValue;
  onChange: (v: CoverValue) => void;
  error?: string;
  disabled?: boolean;
}) {
  const covers = useProjectCovers();
  const file = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const offered = covers.data ?? [];
  // a typed link shows in the URL field; a picked or uploaded cover does not
  const link = value.cover_image_asset || offered.includes(value.cover_image) ? "" : value.cover_image;

  const upload = (f: File) => {
    setUploadError(null);
    setProgress(0);
    uploadProjectCover(slug, f, setProgress)
      .promise.then(
        ({ assetId, assetUrl }) => onChange({ cover_image: "", cover_image_asset: assetId, preview: assetUrl }),
        (e: unknown) =>
          setUploadError(e instanceof UploadError || e instanceof Error ? e.message : "The upload failed."),
      )
      .finally(() => setProgress(null));
  };

  return (
    <fieldset disabled={disabled} className="space-y-2">
      <legend className="mb-1 text-sm font-medium">Cover</legend>
      <CoverPreview preview={value.preview} progress={progress} />
      <CoverChoices offered={offered} value={value} onChange={onChange} />
      <div className="flex flex-wrap items-center gap-2">
        <input
          ref={file}
          type="file"
          accept="image/png,image/jpeg,image/webp,image/gif"
          className="sr-only"
          tabIndex={-1}
          aria-hidden
          onChange={(e) => {
            const f = e.target.files?.[0];
            e.target.value = "";
            if (f) upload(f);
          }}
        />
        <Button variant="secondary" size="sm" loading={progress !== null} onClick={() => file.current?.click()}>
          <ImageUp size={14} aria-hidden focusable="false" /> Upload image
        </Button>
        {(value.cover_image || value.cover_image_asset) && (
          <Button variant="secondary" size="sm" onClick={() => onChange(NO_COVER)}>
            <X size={14} aria-hidden focusable="false" /> Remove cover
          </Button>
        )}
      </div>
      {uploadError && (
        <p role="alert" className="text-sm text-danger">
          {uploadError}
        </p>
      )}
      <Input
        label="Image URL"
        name="cover_image"
        type="url"
        placeholder="https://…"
        value={link}
        error={error}
        onChange={(e) => onChange({ cover_image: e.target.value, cover_image_asset: null, preview: e.target.value })}
      />
    </fieldset>
  );
}

/** The cover as it will show, with the upload's progress along its bottom edge. */
function CoverPreview({ preview, progress }: { preview: string; progress: number | null }) {
  return (
    <div className="relative h-24 overflow-hidden rounded-lg border border-line">
      {preview ? (
        <img src={preview} alt="The project's cover" className="h-full w-full object-cover" />
      ) : (
        <div className="flex h-full items-center justify-center bg-gradient-to-r from-indigo-500/20 to-sky-400/20 text-sm text-fg-subtle">
          No cover
        </div>
      )}
      {progress !== null && (
        <div className="absolute inset-x-0 bottom-0 h-1 bg-indigo-500" style={{ width: `${progress}%` }} aria-hidden />
      )}
    </div>
  );
}

/** Stride's covers (and the operator's) to pick from, the chosen one ringed. */
function CoverChoices({
  offered,
  value,
  onChange,
}: {
  offered: string[];
  value: CoverValue;
  onChange: (v: CoverValue) => void;
}) {
  if (offered.length === 0) return null;
  return (
    <div role="radiogroup" aria-label="Covers" className="grid grid-cols-6 gap-1.5">
      {offered.map((url) => {
        const chosen = !value.cover_image_asset && value.cover_image === url;
        const name = decodeURIComponent(url.split("/").pop() ?? "").replace(/\.\w+$/, "");
        return (
          <button
            key={url}
            type="button"
            role="radio"
            aria-checked={chosen}
            aria-label={`Cover ${name}`}
            title={name}
            onClick={() => onChange({ cover_image: url, cover_image_asset: null, preview: url })}
            className={cx(
              "h-10 overflow-hidden rounded",
              chosen ? "ring-2 ring-indigo-500 ring-offset-1 ring-offset-surface" : "hover:opacity-80",
            )}
          >
            <img src={url} alt="" loading="lazy" className="h-full w-full object-cover" />
          </button>
        );
      })}
    </div>
  );
}
