import { useQuery } from "@tanstack/react-query";
import { api } from "./client.ts";
import { qk } from "./query-keys.ts";
import type { InstanceInfo } from "./types.ts";

export const fetchInstance = () => api<InstanceInfo>("/api/instances/", { allow401: true });

export function useInstance() {
  return useQuery({ queryKey: qk.instance, queryFn: fetchInstance, staleTime: 60_000 });
}
