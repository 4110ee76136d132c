import { Router } from "express";
import {
  TEAM_PATHS,
  ZAcceptBody,
  ZIdParams,
  ZInvitationPreviewQuery,
  ZInviteBody,
  ZOwnerParams,
  ZRoleBody,
  ZSwitchBody,
} from "../../../shared/api/team";
import type { Db } from "../../db/pool";
import { actorId, handler } from "../../http/handler";
import { mountedAt } from "../../http/mounted-at";
import type { RateLimit } from "../../http/rate-limit";
import { requestMeta } from "../../http/request-meta";
import type { Config } from "../../lib/config";
import type { Mailer } from "../../mail/mailer";
import { acceptInvitation, inviteMember, previewInvitation, revokeInvitation } from "./invitations.service";
import {
  changeRole,
  getTeam,
  leavePortfolio,
  listPortfolios,
  removeMember,
  switchPortfolio,
} from "./members.service";

const at = mountedAt("/api/team");

export interface TeamDeps {
  db: Db;
  mailer: Mailer;
  limits: { invitationPreviews: RateLimit };
  config: Pick<Config, "appUrl">;
}

/**
 * Team seats (docs/security.md#team-seats). Managing the team is the owner's (the role policy
 * refuses members); accepting, listing and opening portfolios and leaving one are the signed-in
 * person's own. An invitation's preview needs no session: its link's token is the key.
 */
export function teamRoutes(deps: TeamDeps): Router {
  const { db } = deps;
  const router = Router();

  router.get(
    at(TEAM_PATHS.members),
    handler({ auth: true }, ({ userId }) => getTeam(db, userId)),
  );
  router.post(
    at(TEAM_PATHS.invitations),
    handler({ auth: true, body: ZInviteBody, status: 201 }, ({ userId, body, req }) =>
      inviteMember({
        db,
        mailer: deps.mailer,
        appUrl: deps.config.appUrl,
        ownerId: userId,
        input: body,
        meta: requestMeta(req),
      }),
    ),
  );
  router.delete(
    at(TEAM_PATHS.invitation),
    handler({ auth: true, params: ZIdParams }, ({ userId, params, req }) =>
      revokeInvitation({ db, ownerId: userId, id: params.id, meta: requestMeta(req) }),
    ),
  );
  router.patch(
    at(TEAM_PATHS.member),
    handler({ auth: true, params: ZIdParams, body: ZRoleBody }, ({ userId, params, body, req }) =>
      changeRole({ db, ownerId: userId, id: params.id, role: body.role, meta: requestMeta(req) }),
    ),
  );
  router.delete(
    at(TEAM_PATHS.member),
    handler({ auth: true, params: ZIdParams }, ({ userId, params, req }) =>
      removeMember({ db, ownerId: userId, id: params.id, meta: requestMeta(req) }),
    ),
  );

  // Opened from the mailed link, signed out or in; counted per address, so no one guesses tokens in bulk.
  router.get(
    at(TEAM_PATHS.preview),
    handler({ query: ZInvitationPreviewQuery }, async ({ query, req }) => {
      await deps.limits.invitationPreviews.spend(requestMeta(req).address);
      return previewInvitation(db, query.token);
    }),
  );
  router.post(
    at(TEAM_PATHS.accept),
    handler({ auth: true, body: ZAcceptBody }, ({ body, req }) =>
      acceptInvitation({ db, userId: actorId(req), token: body.token, meta: requestMeta(req) }),
    ),
  );
  router.get(
    at(TEAM_PATHS.portfolios),
    handler({ auth: true }, ({ req }) => listPortfolios(db, actorId(req), req.session.portfolioOwnerId)),
  );
  router.delete(
    at(TEAM_PATHS.leave),
    handler({ auth: true, params: ZOwnerParams }, async ({ params, req }) => {
      await leavePortfolio({ db, memberId: actorId(req), ownerId: params.ownerId, meta: requestMeta(req) });
      if (req.session.portfolioOwnerId === params.ownerId) delete req.session.portfolioOwnerId;
    }),
  );
  router.post(
    at(TEAM_PATHS.switch),
    handler({ auth: true, body: ZSwitchBody }, async ({ body, req }) => {
      const me = actorId(req);
      const { ownerId } = await switchPortfolio({
        db,
        userId: me,
        ownerId: body.ownerId,
        current: req.session.portfolioOwnerId,
        meta: requestMeta(req),
      });
      if (ownerId === me) delete req.session.portfolioOwnerId;
      else req.session.portfolioOwnerId = ownerId;
      return listPortfolios(db, me, req.session.portfolioOwnerId);
    }),
  );

  return router;
}
