import type { Request, RequestHandler } from "express";
import type { TTeamRole } from "../../../shared/api/team";
import { roleAllows, routeAccess } from "../../../shared/role-policy";
import type { Db } from "../../db/pool";
import { AppError } from "../../http/app-error";
import { requestMeta } from "../../http/request-meta";
import type { Logger } from "../../lib/logger";
import { recordAudit } from "../audit/audit-log";
import { effectiveRole, emailOf, membershipOf } from "./memberships";

const apiPath = (req: Request) => `${req.baseUrl}${req.path}`;

/**
 * The one gate between a team member and someone else's portfolio (docs/security.md#team-seats),
 * run before every session route. While the session works in another owner's portfolio, the
 * membership is read again on every request (a removed member is out at their next one), the
 * route's need is looked up in the role policy, and the request either acts as the member
 * (`personal`), acts in the owner's portfolio (`req.portfolio`, which `userId(req)` answers), or
 * is refused with ROLE_FORBIDDEN. Every change a member makes is written to the owner's audit log
 * with who made it, before the answer leaves.
 */
export function portfolioAccess(deps: { db: Db; logger: Logger }): RequestHandler {
  const { db, logger } = deps;
  return async (req, res, next) => {
    try {
      const session = req.session;
      const actor = session?.userId;
      const ownerId = session?.portfolioOwnerId;
      if (!actor || !ownerId || ownerId === actor) return next();
      const need = routeAccess(req.method, apiPath(req));
      const membership = await membershipOf(db, ownerId, actor);
      if (!membership) {
        // Removed (or the owner's account is gone): back to their own portfolio from now on.
        delete session.portfolioOwnerId;
        if (need === "personal") return next();
        throw new AppError(
          "PORTFOLIO_ACCESS_ENDED",
          "You are no longer a member of that portfolio. You are back in your own.",
        );
      }
      if (need === "personal") return next();
      const role: TTeamRole =
        need === "manager" ? await effectiveRole(db, ownerId, membership.role) : membership.role;
      if (need === null || !roleAllows(role, need)) {
        throw new AppError(
          "ROLE_FORBIDDEN",
          need === null
            ? "Only the portfolio's owner can do this. Switch to your own portfolio for your own account."
            : role !== membership.role
              ? "The portfolio has more members than its plan's seats, so members can only view it until its owner removes members or upgrades."
              : "Your role in this portfolio is Viewer: you can look, not change.",
        );
      }
      req.portfolio = { ownerId, actorId: actor, role };
      if (need === "manager") auditBeforeAnswer(req, res, { db, logger, path: apiPath(req) });
      next();
    } catch (error) {
      next(error);
    }
  };
}

/**
 * Writes a member's change to the owner's audit log before the answer is sent, so the record is
 * there by the time the member sees "saved". Refused and failed requests changed nothing.
 */
function auditBeforeAnswer(
  req: Request,
  res: Parameters<RequestHandler>[1],
  { db, logger, path }: { db: Db; logger: Logger; path: string },
) {
  const context = req.portfolio;
  if (!context) return;
  const end = res.end.bind(res) as (...args: unknown[]) => typeof res;
  res.end = ((...args: unknown[]) => {
    if (res.statusCode >= 400) return end(...args);
    emailOf(db, context.actorId)
      .then((actorEmail) =>
        recordAudit(db, {
          userId: context.ownerId,
          event: "team_member_action",
          meta: requestMeta(req),
          detail: {
            actorId: context.actorId,
            actorEmail,
            role: context.role,
            method: req.method,
            path,
            status: res.statusCode,
          },
        }),
      )
      .catch((err) => logger.error({ err }, "could not record a team member's action"))
      .finally(() => end(...args));
    return res;
  }) as typeof res.end;
}
