import { useQuery } from "@tanstack/react-query";
import { MAX_UPLOAD_SIZE } from "@stride/shared";
import { api } from "./client.ts";
import { qk } from "./query-keys.ts";
import type { InstanceInfo } from "./types.ts";

/** The server's upload limit (FILE_SIZE_LIMIT, `config.file_size_limit`) as last read; the default until then. */
let knownFileSizeLimit = MAX_UPLOAD_SIZE;

export const fetchInstance = () => api<InstanceInfo>("/api/instances/", { allow401: true }).then((info) => {
  if (info.config?.file_size_limit) knownFileSizeLimit = info.config.file_size_limit;
  return info;
});

export function useInstance() {
  return useQuery({ queryKey: qk.instance, queryFn: fetchInstance, staleTime: 60_000 });
}

/** Largest upload in bytes, as the server allows it (FILE_SIZE_LIMIT); outside React: `fileSizeLimit()`. */
export function useFileSizeLimit(): number {
  return useInstance().data?.config?.file_size_limit ?? knownFileSizeLimit;
}

export const fileSizeLimit = () => knownFileSizeLimit;

/** "5 MB", "512 KB": a limit in words. */
export function formatLimit(bytes: number): string {
  return bytes >= 1048576 ? `${Math.round((bytes / 1048576) * 10) / 10} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;
}
