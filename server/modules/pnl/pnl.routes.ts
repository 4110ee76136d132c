import { Router } from "express";
import { ZDomainIdParam } from "../../../shared/api/domains";
import { ZPnlQuery, ZPortfolioPnlQuery } from "../../../shared/api/pnl";
import type { AppDeps } from "../../deps";
import { handler, requireUser, userId } from "../../http/handler";
import { sendCsv } from "../../http/send-csv";
import { getDomainPnl, getPortfolioPnl, portfolioPnlJson } from "./pnl.service";
import { portfolioPnlCsv, portfolioPnlCsvFileName } from "./pnl-csv";

/** Profit and loss: one domain (`/domains/:id/pnl`) and the whole portfolio (`/portfolio/pnl`). */
export function pnlRoutes(deps: AppDeps): Router {
  const { db } = deps;
  const router = Router();

  router.get(
    "/domains/:id/pnl",
    requireUser,
    handler({ params: ZDomainIdParam, query: ZPnlQuery }, ({ params, query, req }) =>
      getDomainPnl({ db, userId: userId(req), domainId: params.id, range: query.range }),
    ),
  );

  router.get(
    "/portfolio/pnl",
    requireUser,
    handler({ query: ZPortfolioPnlQuery }, async ({ query, req, res }) => {
      const body = await portfolioPnlJson({ db, userId: userId(req), ...query });
      res.status(200).type("application/json").send(body);
    }),
  );

  router.get(
    "/portfolio/pnl/export",
    requireUser,
    handler({ query: ZPortfolioPnlQuery }, async ({ query, req, res }) => {
      const answer = await getPortfolioPnl({ db, userId: userId(req), ...query });
      sendCsv(res, { fileName: portfolioPnlCsvFileName(answer), body: portfolioPnlCsv(answer) });
    }),
  );

  return router;
}
