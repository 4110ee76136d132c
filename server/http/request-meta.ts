import type { Request } from "express";

export interface RequestMeta {
  /** The client's address as Express resolves it under `TRUST_PROXY`. */
  address: string;
  userAgent: string;
}

/** Who made the request, as the audit log and the session list record it. */
export function requestMeta(req: Request): RequestMeta {
  return {
    address: req.ip ?? "unknown",
    userAgent: (req.get("user-agent") ?? "").slice(0, 300),
  };
}
