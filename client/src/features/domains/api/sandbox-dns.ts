import { sandboxDnsPath, type TSandboxDnsBody, ZSandboxDns } from "@shared/api/domains";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";

const key = (domainId: string) => [sandboxDnsPath(domainId)];

/** The records published in the DNS sandbox for a domain (`enabled: false` outside development). */
export function useSandboxDns(domainId: string) {
  return useQuery({
    queryKey: key(domainId),
    queryFn: async () => ZSandboxDns.parse(await (await apiRequest("GET", sandboxDnsPath(domainId))).json()),
    staleTime: 60_000,
  });
}

/** Publishes the domain's records in the DNS sandbox (development only). */
export function usePublishSandboxDns(domainId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: TSandboxDnsBody) =>
      ZSandboxDns.parse(await (await apiRequest("PUT", sandboxDnsPath(domainId), body)).json()),
    onSuccess: (answer) => client.setQueryData(key(domainId), answer),
  });
}
