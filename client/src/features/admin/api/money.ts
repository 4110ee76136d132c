import { adminPage } from "@shared/api/admin/console";
import { ADMIN_MONEY_PATHS, ZAdminChargeback, ZAdminUnmatchedPayment } from "@shared/api/admin/money";
import { apiRequest } from "@/lib/api-client";

const ZUnmatchedPage = adminPage(ZAdminUnmatchedPayment);
const ZChargebackPage = adminPage(ZAdminChargeback);

const pageUrl = (path: string, cursor: string | undefined) =>
  cursor ? `${path}?${new URLSearchParams({ cursor })}` : path;

/** One page of the payments no open order was waiting for, newest first. */
export async function getUnmatchedPage(cursor: string | undefined) {
  const res = await apiRequest("GET", pageUrl(ADMIN_MONEY_PATHS.unmatchedPayments, cursor));
  return ZUnmatchedPage.parse(await res.json());
}

/** One page of the chargebacks, newest first. */
export async function getChargebackPage(cursor: string | undefined) {
  const res = await apiRequest("GET", pageUrl(ADMIN_MONEY_PATHS.chargebacks, cursor));
  return ZChargebackPage.parse(await res.json());
}
