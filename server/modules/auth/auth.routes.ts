import { Router } from "express";
import { ZChangePasswordBody, ZLoginBody, ZProfileBody, ZRegisterBody } from "../../../shared/api/auth";
import type { AppDeps } from "../../deps";
import { AppError } from "../../http/app-error";
import { handler, userId } from "../../http/handler";
import { SESSION_COOKIE } from "../../http/session";
import { endSession, startSession } from "../../http/session-helpers";
import {
  authenticate,
  changePassword,
  findUser,
  register,
  toSessionUser,
  updateProfile,
} from "./auth.service";

export function authRoutes(deps: AppDeps): Router {
  const { db, authLimits } = deps;
  const router = Router();

  router.get(
    "/me",
    handler({}, async ({ req }) => {
      const user = await findUser({ db, userId: userId(req) });
      if (!user) throw new AppError("UNAUTHORIZED", "Please sign in to continue");
      return { user: toSessionUser(user) };
    }),
  );

  router.post(
    "/register",
    handler(
      { body: ZRegisterBody },
      async ({ body, req }) => {
        await authLimits.beforeRegister(req.ip ?? "unknown");
        const user = await register({ db, input: body, onRegistered: deps.onRegistered });
        await startSession(req, user.id);
        return { user: toSessionUser(user) };
      },
      { status: 201 },
    ),
  );

  router.post(
    "/login",
    handler({ body: ZLoginBody }, async ({ body, req }) => {
      const address = req.ip ?? "unknown";
      await authLimits.beforeLogin(body.usernameOrEmail, address);
      const user = await authenticate({ db, ...body }).catch(async (error: unknown) => {
        await authLimits.loginFailed(body.usernameOrEmail, address);
        throw error;
      });
      await authLimits.loginSucceeded(body.usernameOrEmail);
      await startSession(req, user.id);
      return { user: toSessionUser(user) };
    }),
  );

  router.post(
    "/logout",
    handler({}, async ({ req, res }) => {
      await endSession(req);
      res.clearCookie(SESSION_COOKIE);
    }),
  );

  router.put(
    "/profile",
    handler({ body: ZProfileBody }, async ({ body, req }) => {
      const user = await updateProfile({ db, userId: userId(req), input: body });
      return { user: toSessionUser(user) };
    }),
  );

  router.post(
    "/change-password",
    handler({ body: ZChangePasswordBody }, async ({ body, req }) => {
      await changePassword({ db, userId: userId(req), currentSessionId: req.sessionID, input: body });
      return { message: "Password changed" };
    }),
  );

  return router;
}
