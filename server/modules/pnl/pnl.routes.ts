import { Router } from "express";
import { ZDomainIdParam } from "../../../shared/api/domains";
import {
  PNL_PATHS,
  PORTFOLIO_PNL_EXPORT_PATH,
  PORTFOLIO_PNL_PATH,
  ZPnlQuery,
  ZPortfolioPnlQuery,
} from "../../../shared/api/pnl";
import type { Db } from "../../db/pool";
import { handler } from "../../http/handler";
import { mountedAt } from "../../http/mounted-at";
import { sendCsv } from "../../http/send-csv";
import { getDomainPnl, getPortfolioPnl, portfolioPnlJson } from "./pnl.service";
import { portfolioPnlCsv, portfolioPnlCsvFileName } from "./pnl-csv";

const at = mountedAt("/api");

export interface PnlDeps {
  db: Db;
}

/** Profit and loss: one domain (`/domains/:id/pnl`) and the whole portfolio (`/portfolio/pnl`). */
export function pnlRoutes(deps: PnlDeps): Router {
  const { db } = deps;
  const router = Router();

  router.get(
    at(PNL_PATHS.domain),
    handler({ auth: true, params: ZDomainIdParam, query: ZPnlQuery }, ({ userId, params, query }) =>
      getDomainPnl({ db, userId, domainId: params.id, range: query.range }),
    ),
  );

  router.get(
    at(PORTFOLIO_PNL_PATH),
    handler({ auth: true, query: ZPortfolioPnlQuery }, async ({ userId, query, res }) => {
      const body = await portfolioPnlJson({ db, userId, ...query });
      res.status(200).type("application/json").send(body);
    }),
  );

  router.get(
    at(PORTFOLIO_PNL_EXPORT_PATH),
    handler({ auth: true, query: ZPortfolioPnlQuery }, async ({ userId, query, res }) => {
      const answer = await getPortfolioPnl({ db, userId, ...query });
      sendCsv(res, { fileName: portfolioPnlCsvFileName(answer), body: portfolioPnlCsv(answer) });
    }),
  );

  return router;
}
