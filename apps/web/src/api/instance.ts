import { useQuery } from "@tanstack/react-query";
import { MAX_UPLOAD_SIZE } from "@stride/shared";
import { instanceEndpoints as I } from "@stride/shared/endpoints";
import { call } from "./client.ts";
import { qk } from "./query-keys.ts";
import type { InstanceInfo } from "./types.ts";

/** The server's upload limit (FILE_SIZE_LIMIT, `config.file_size_limit`) as last read; the default until then. */
let knownFileSizeLimit = MAX_UPLOAD_SIZE;

/** The instance's answer, read as the web's looser `InstanceInfo` (either variant's fields optional). */
export const fetchInstance = (): Promise<InstanceInfo> =>
  call(I.get, {}, undefined, { allow401: true }).then((info: InstanceInfo) => {
    if (info.config?.file_size_limit) knownFileSizeLimit = info.config.file_size_limit;
    return info;
  });

export function useInstance() {
  return useQuery({ queryKey: qk.instance, queryFn: fetchInstance, staleTime: 60_000 });
}

/**
 * Largest upload in bytes, as the server allows it (FILE_SIZE_LIMIT), as far as it is known: the instance's answer
 * when a screen already has it, else the last limit read (the default until one was). It asks nothing itself: a
 * screen that can upload must not cost a request before anyone uploads (the server checks every upload anyway).
 */
export function useFileSizeLimit(): number {
  return (
    useQuery({ queryKey: qk.instance, queryFn: fetchInstance, staleTime: 60_000, enabled: false }).data?.config
      ?.file_size_limit ?? knownFileSizeLimit
  );
}

let limitRead: Promise<number> | null = null;
/** The server's upload limit, read once (at the first upload) and then known. */
export function fileSizeLimit(): Promise<number> {
  limitRead ??= fetchInstance().then(
    () => knownFileSizeLimit,
    () => {
      limitRead = null;
      return knownFileSizeLimit;
    },
  );
  return limitRead;
}

/** "5 MB", "512 KB": a limit in words. */
export function formatLimit(bytes: number): string {
  return bytes >= 1048576
    ? `${Math.round((bytes / 1048576) * 10) / 10} MB`
    : `${Math.max(1, Math.round(bytes / 1024))} KB`;
}
