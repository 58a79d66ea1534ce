import { useRef, useState } from "react";
import { Camera, Trash2 } from "lucide-react";
import { IMAGE_MIME_TYPES } from "@stride/shared";
import { errorMessage } from "../../api/client.ts";
import { useAvatar, useMe } from "../../api/users.ts";
import { fileType } from "../../api/work-items-upload.ts";
import { formatLimit, useFileSizeLimit } from "../../api/instance.ts";
import type { User } from "../../api/types.ts";
import { Avatar, Banner, Button } from "../ui/index.ts";

/**
 * The signed-in user's picture (onboarding and profile settings): upload a JPEG, PNG, WebP or GIF of at most
 * 5 MB through the user-asset flow (slot → upload → mark uploaded, which makes it the avatar), or remove it
 * (the initial shows again). The new picture shows at once wherever the user's avatar is shown.
 */
export function AvatarField() {
  const me = useMe();
  const input = useRef<HTMLInputElement>(null);
  const { upload, remove, progress, error, pick, onRemove } = useAvatarChange();
  const user = me.data;
  if (!user) return null;
  const name = user.display_name || user.first_name || user.email;
  const busy = upload.isPending || remove.isPending;

  return (
    <div className="space-y-2" role="group" aria-label="Avatar">
      <div className="flex items-center gap-4">
        <span
          role="img"
          aria-label={user.avatar_url ? "Your avatar" : "No avatar: your initial is shown"}
          data-avatar-preview={user.avatar_url ? "image" : "initial"}
        >
          <Avatar name={name} url={user.avatar_url} size="lg" />
        </span>
        <div className="flex flex-wrap items-center gap-2">
          <Button
            variant="secondary"
            size="sm"
            loading={upload.isPending}
            disabled={busy}
            onClick={() => input.current?.click()}
          >
            <Camera size={14} aria-hidden focusable="false" />
            {user.avatar_url ? "Change avatar" : "Upload avatar"}
          </Button>
          {user.avatar_url && (
            <Button variant="ghost" size="sm" loading={remove.isPending} disabled={busy} onClick={() => onRemove(user)}>
              <Trash2 size={14} aria-hidden focusable="false" />
              Remove avatar
            </Button>
          )}
          <input
            ref={input}
            type="file"
            accept={IMAGE_MIME_TYPES.join(",")}
            aria-label="Avatar image"
            className="hidden"
            onChange={(e) => {
              pick(e.target.files?.[0]);
              e.target.value = "";
            }}
          />
        </div>
      </div>
      {progress !== null && (
        <div
          className="h-1 w-48 overflow-hidden rounded bg-fill"
          role="progressbar"
          aria-label="Uploading the avatar"
          aria-valuenow={progress}
          aria-valuemin={0}
          aria-valuemax={100}
        >
          <div className="h-full bg-indigo-500 transition-[width]" style={{ width: `${progress}%` }} />
        </div>
      )}
      {error && <Banner>{error}</Banner>}
    </div>
  );
}

/** Uploading a picked image (checked for type and size first) or removing the avatar, with progress and errors. */
function useAvatarChange() {
  const maxSize = useFileSizeLimit();
  const { upload, remove } = useAvatar();
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const pick = (file: File | undefined) => {
    if (!file) return;
    setError(null);
    if (!(IMAGE_MIME_TYPES as readonly string[]).includes(fileType(file))) {
      setError("Choose a JPEG, PNG, WebP or GIF image.");
      return;
    }
    if (file.size > maxSize) {
      setError(`The image is too large: the limit is ${formatLimit(maxSize)}.`);
      return;
    }
    setProgress(0);
    upload.mutate(
      { file, onProgress: setProgress },
      {
        onError: (e) =>
          setError(
            errorMessage((e as { body?: unknown }).body) ?? (e instanceof Error ? e.message : "The upload failed."),
          ),
        onSettled: () => setProgress(null),
      },
    );
  };
  const onRemove = (user: User) => {
    setError(null);
    remove.mutate(user, {
      onError: (e) => setError(errorMessage((e as { body?: unknown }).body) ?? "Could not remove the avatar."),
    });
  };
  return { upload, remove, progress, error, pick, onRemove };
}
