import { Router } from "express";
import { z } from "zod";
import { SOCIAL_PATHS, ZNewSocialPost, ZWebhookBody } from "../../../shared/api/social";
import type { Db } from "../../db/pool";
import { handler } from "../../http/handler";
import { mountedAt } from "../../http/mounted-at";
import type { Config } from "../../lib/config";
import { deletePost, schedulePost, setWebhook, socialSchedule } from "./social.service";

const at = mountedAt("/api/social");

const ZPostParams = z.object({ id: z.uuid("Unknown post.") });

export interface SocialDeps {
  db: Db;
  config: Pick<Config, "appUrl">;
}

/** `/api/social`: the Social Scheduler's posts and webhook (403 without the tool). */
export function socialRoutes(deps: SocialDeps): Router {
  const { db } = deps;
  const router = Router();
  router.get(
    at(SOCIAL_PATHS.posts),
    handler({ auth: true }, ({ userId }) => socialSchedule({ db, userId, appUrl: deps.config.appUrl })),
  );
  router.post(
    at(SOCIAL_PATHS.posts),
    handler({ auth: true, body: ZNewSocialPost, status: 201 }, ({ userId, body }) =>
      schedulePost({ db, userId, input: body }),
    ),
  );
  router.delete(
    at(SOCIAL_PATHS.post),
    handler({ auth: true, params: ZPostParams }, ({ userId, params }) =>
      deletePost({ db, userId, id: params.id }),
    ),
  );
  router.put(
    at(SOCIAL_PATHS.webhook),
    handler({ auth: true, body: ZWebhookBody }, ({ userId, body }) =>
      setWebhook({ db, userId, url: body.url }),
    ),
  );
  return router;
}
