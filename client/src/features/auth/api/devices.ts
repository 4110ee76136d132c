import {
  DEVICE_PATHS,
  type TDevicesAnswer,
  ZDeviceApprovalAnswer,
  ZDevicesAnswer,
} from "@shared/api/auth/devices";
import { pathTo } from "@shared/path-to";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

/** The account's devices, and whether device management (rename, revoke, approve) is held. */
export async function getDevices(): Promise<TDevicesAnswer> {
  return ZDevicesAnswer.parse(await (await apiRequest("GET", DEVICE_PATHS.devices)).json());
}

export const devicesQueryOptions = () => queryOptions({ queryKey: queryKeys.devices, queryFn: getDevices });

export function useDevices() {
  return useQuery(devicesQueryOptions());
}

/** A change to the list that refreshes it, the sessions and the security log. */
function useDeviceMutation<A>(fn: (arg: A) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.devices }),
        queryClient.invalidateQueries({ queryKey: queryKeys.sessions }),
        queryClient.invalidateQueries({ queryKey: queryKeys.auditLog }),
      ]),
  });
}

export const useRenameDevice = () =>
  useDeviceMutation((input: { id: string; name: string }) =>
    apiRequest("PATCH", pathTo(DEVICE_PATHS.device, { id: input.id }), { name: input.name }),
  );
export const useRevokeDevice = () =>
  useDeviceMutation((id: string) => apiRequest("DELETE", pathTo(DEVICE_PATHS.device, { id })));
export const useApproveDevice = () =>
  useDeviceMutation((id: string) => apiRequest("POST", pathTo(DEVICE_PATHS.approve, { id })));

/** The mailed link's page: approves the device the link was sent for. */
export const useApproveDeviceByLink = () =>
  useMutation({ mutationFn: (token: string) => apiRequest("POST", DEVICE_PATHS.approveByLink, { token }) });

/** Asked by a sign-in that waits: true once the device was approved and the sign-in completed. */
export async function checkDeviceApproval(): Promise<boolean> {
  const res = await apiRequest("POST", DEVICE_PATHS.approval, {});
  return ZDeviceApprovalAnswer.parse(await res.json()).approved;
}
