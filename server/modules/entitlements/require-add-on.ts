import type { RequestHandler } from "express";
import { optionById, SECURITY_ADDONS } from "../../../shared/prices";
import type { DbOrTx } from "../../db/tx";
import { AppError } from "../../http/app-error";
import { userId } from "../../http/handler";
import { isEntitled } from "./entitlements.service";

/** An Enhanced Security add-on (docs/product.md#constants): its entitlement is `security:<id>` (docs/money.md#subscriptions-and-entitlements, docs/security.md#accounts-and-sign-in). */
export type SecurityAddOn = (typeof SECURITY_ADDONS)[number]["id"];

/** What each add-on unlocks, as the refusal names it. */
const UNLOCKS: Record<SecurityAddOn, string> = {
  "2fa-premium": "Security keys and required two-factor sign-in need",
  biometric: "Passkeys need",
  "device-management": "Device management needs",
  "audit-logs": "Audit log export needs",
  "threat-monitoring": "Threat monitoring needs",
  "incident-response": "Lockdown needs",
};

/** The entitlement feature key of an add-on. */
export const addOnFeature = (addOn: SecurityAddOn) => `security:${addOn}`;

/** The 403 a request without the add-on gets, e.g. "Passkeys need the Biometric Login add-on of Enhanced Security". */
export function addOnMissing(addOn: SecurityAddOn): AppError {
  const label = optionById(SECURITY_ADDONS, addOn).label;
  return new AppError("FORBIDDEN", `${UNLOCKS[addOn]} the ${label} add-on of Enhanced Security.`);
}

/** True when the user holds the add-on now (bought, not ended; through a renewal's grace period). */
export function hasAddOn(db: DbOrTx, forUser: string, addOn: SecurityAddOn): Promise<boolean> {
  return isEntitled({ db, userId: forUser, feature: addOnFeature(addOn) });
}

/** Throws the add-on's 403 unless the user holds it now. */
export async function assertAddOn(db: DbOrTx, forUser: string, addOn: SecurityAddOn): Promise<void> {
  if (!(await hasAddOn(db, forUser, addOn))) throw addOnMissing(addOn);
}

/**
 * Route guard: the signed-in user must hold the add-on (401 when signed out, 403 naming the
 * add-on without it). Asked on every request, so an add-on that ended refuses the next call.
 */
export function requireAddOn(addOn: SecurityAddOn, db: DbOrTx): RequestHandler {
  return (req, _res, next) => {
    let id: string;
    try {
      id = userId(req);
    } catch (error) {
      return next(error);
    }
    assertAddOn(db, id, addOn).then(() => next(), next);
  };
}
