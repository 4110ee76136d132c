import { Router } from "express";
import {
  ADMIN_USERS_PATHS,
  ZAdminUserParams,
  ZAdminUsersQuery,
  ZSuspendBody,
} from "../../../shared/api/admin/users";
import type { Db } from "../../db/pool";
import { AppError } from "../../http/app-error";
import { handler } from "../../http/handler";
import { mountedAt } from "../../http/mounted-at";
import { requestMeta } from "../../http/request-meta";
import { restoreAccount, suspendAccount } from "../auth/suspension";
import { reviewUser, searchUsers } from "./admin-users";
import { recordStaffAction } from "./staff-gate";

const at = mountedAt("/api/admin/users");

export interface UsersAdminDeps {
  db: Db;
}

/** `/api/admin/users`: search accounts, review one, suspend and restore (docs/security.md#staff-and-the-operator-console). */
export function usersAdminRoutes(deps: UsersAdminDeps): Router {
  const { db } = deps;
  const router = Router();

  router.get(
    at(ADMIN_USERS_PATHS.list),
    handler({ auth: true, query: ZAdminUsersQuery }, ({ query }) => searchUsers(db, query)),
  );
  router.get(
    at(ADMIN_USERS_PATHS.one),
    handler({ auth: true, params: ZAdminUserParams }, ({ params }) => reviewUser(db, params.id)),
  );
  router.post(
    at(ADMIN_USERS_PATHS.suspend),
    handler(
      { auth: true, params: ZAdminUserParams, body: ZSuspendBody },
      async ({ userId, params, body, req }) => {
        if (params.id === userId) throw new AppError("BAD_REQUEST", "You cannot suspend your own account.");
        await reviewUser(db, params.id);
        if (!(await suspendAccount(db, params.id, body.reason)))
          throw new AppError("CONFLICT", "This account is suspended already.");
        await recordStaffAction(db, requestMeta(req), {
          staffId: userId,
          action: "user.suspended",
          object: { kind: "user", id: params.id },
          detail: { reason: body.reason },
        });
        return reviewUser(db, params.id);
      },
    ),
  );
  router.post(
    at(ADMIN_USERS_PATHS.restore),
    handler({ auth: true, params: ZAdminUserParams }, async ({ userId, params, req }) => {
      await reviewUser(db, params.id);
      if (!(await restoreAccount(db, params.id)))
        throw new AppError("CONFLICT", "This account is not suspended.");
      await recordStaffAction(db, requestMeta(req), {
        staffId: userId,
        action: "user.restored",
        object: { kind: "user", id: params.id },
      });
      return reviewUser(db, params.id);
    }),
  );

  return router;
}
