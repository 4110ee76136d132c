import { z } from "zod";
import { ZMoney, ZSignedMoney } from "../../money";
import { ADMIN_API, ZAdminPageQuery } from "./console";

/** The console's users (docs/security.md#staff-and-the-operator-console): search, one user's account, suspend and restore. */
export const ADMIN_USERS_PATHS = {
  list: `${ADMIN_API}/users`,
  one: "/api/admin/users/:id",
  suspend: "/api/admin/users/:id/suspend",
  restore: "/api/admin/users/:id/restore",
} as const;

/** `q` matches part of the email, the username or the name, any case. */
export const ZAdminUsersQuery = ZAdminPageQuery;
export const ZAdminUserParams = z.object({ id: z.uuid("Unknown user") });

export const ZAdminUser = z.object({
  id: z.string(),
  name: z.string(),
  username: z.string(),
  email: z.string(),
  role: z.string(),
  plan: z.string(),
  domains: z.number(),
  suspendedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type TAdminUser = z.infer<typeof ZAdminUser>;

/** One account as staff review it: its domains, orders, held funds and security events. */
export const ZAdminUserDetail = z.object({
  user: ZAdminUser.extend({ suspendReason: z.string().nullable() }),
  balance: z.object({ available: ZSignedMoney, pending: ZSignedMoney }),
  domains: z.array(z.object({ id: z.string(), name: z.string(), status: z.string() })),
  orders: z.array(
    z.object({
      id: z.string(),
      description: z.string(),
      price: ZMoney,
      status: z.string(),
      provider: z.string().nullable(),
      createdAt: z.string(),
    }),
  ),
  audit: z.array(z.object({ event: z.string(), address: z.string().nullable(), createdAt: z.string() })),
});
export type TAdminUserDetail = z.infer<typeof ZAdminUserDetail>;

export const ZSuspendBody = z.object({
  reason: z
    .string()
    .trim()
    .min(3, "Say why the account is suspended")
    .max(500, "Keep the reason under 500 characters"),
});
