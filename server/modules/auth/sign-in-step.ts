import type { Request, Response } from "express";
import type { User } from "../../../shared/schema";
import type { AppDeps } from "../../deps";

/** What the last steps of a sign-in (the device check, the session) are given. */
export interface SignIn {
  deps: AppDeps;
  req: Request;
  res: Response;
  user: User;
  method: string;
}
