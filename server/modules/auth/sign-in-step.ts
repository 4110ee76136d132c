import type { Request, Response } from "express";
import type { User } from "../../../shared/schema";
import type { Db } from "../../db/pool";
import type { Config } from "../../lib/config";
import type { Mailer } from "../../mail/mailer";
import type { AuthLimits } from "./auth-limits";

/** What the last steps of a sign-in need of the app. */
export interface SignInDeps {
  db: Db;
  mailer: Mailer;
  authLimits: AuthLimits;
  config: Pick<Config, "appUrl" | "secureCookies">;
}

/** What the last steps of a sign-in (the device check, the session) are given. */
export interface SignIn {
  deps: SignInDeps;
  req: Request;
  res: Response;
  user: User;
  method: string;
}
