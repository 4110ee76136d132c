import { z } from "zod";
import { ZCreateDomainBody, ZDomain, ZDomainDetail, ZUpdateDomainBody } from "../../shared/api/domains";
import { ZDomainPnl, ZPnlQuery } from "../../shared/api/pnl";
import { API_V1_PATHS, paged } from "../../shared/api/v1/common";
import { ZDomainListQuery } from "../../shared/api/v1/domains";
import {
  createDomain,
  deleteDomain,
  getDomainDetail,
  listDomainPage,
  updateDomain,
} from "../modules/domains/domains.service";
import { getDomainPnl } from "../modules/pnl/pnl.service";
import { operation } from "./operation";

/** The example requests' domain: tests and the reference page replace it with one of theirs. */
export const EXAMPLE_DOMAIN_ID = "3f2b8c1e-5a7d-4e9f-8b6a-2c4d6e8f0a1b";

const ZDomainId = z.object({
  id: z.uuid("Unknown domain").meta({ description: "The domain's id.", example: EXAMPLE_DOMAIN_ID }),
});

export const domainOperations = [
  operation({
    method: "get",
    path: API_V1_PATHS.domains,
    operationId: "listDomains",
    tag: "Domains",
    summary: "List domains",
    description: "The portfolio newest first, a page at a time, optionally filtered.",
    scope: "read",
    query: ZDomainListQuery,
    status: 200,
    answer: paged(ZDomain),
    example: { query: { limit: 100, status: "active" } },
    run: ({ deps, userId, query }) => listDomainPage({ db: deps.db, userId, query }),
  }),
  operation({
    method: "get",
    path: API_V1_PATHS.domain,
    operationId: "getDomain",
    tag: "Domains",
    summary: "Get a domain",
    description: "One domain with its all-time totals.",
    scope: "read",
    params: ZDomainId,
    status: 200,
    answer: ZDomainDetail,
    example: { params: { id: EXAMPLE_DOMAIN_ID } },
    run: ({ deps, userId, params }) =>
      getDomainDetail({
        db: deps.db,
        userId,
        domainId: params.id,
      }),
  }),
  operation({
    method: "post",
    path: API_V1_PATHS.domains,
    operationId: "createDomain",
    tag: "Domains",
    summary: "Add a domain",
    description: "Adds a domain as `pending` until its ownership is proven (its `verification` says how).",
    scope: "write",
    body: ZCreateDomainBody,
    status: 201,
    answer: ZDomain,
    example: { body: { name: "my-new-domain.com", adNetwork: "sedo" } },
    run: ({ deps, userId, body }) =>
      createDomain({
        db: deps.db,
        userId,
        nameserverPool: deps.config.nameserverPool,
        checker: deps.ownership,
        input: body,
      }),
  }),
  operation({
    method: "patch",
    path: API_V1_PATHS.domain,
    operationId: "updateDomain",
    tag: "Domains",
    summary: "Update a domain",
    description: "Changes only the fields sent.",
    scope: "write",
    params: ZDomainId,
    body: ZUpdateDomainBody,
    status: 200,
    answer: ZDomain,
    example: {
      params: { id: EXAMPLE_DOMAIN_ID },
      body: { renewalCost: "12.99", parkingTemplate: "premium" },
    },
    run: ({ deps, userId, params, body }) =>
      updateDomain({
        db: deps.db,
        userId,
        domainId: params.id,
        input: body,
      }),
  }),
  operation({
    method: "delete",
    path: API_V1_PATHS.domain,
    operationId: "deleteDomain",
    tag: "Domains",
    summary: "Remove a domain",
    description: "The revenue it earned stays.",
    scope: "write",
    params: ZDomainId,
    status: 204,
    example: { params: { id: EXAMPLE_DOMAIN_ID } },
    run: ({ deps, userId, params }) => deleteDomain({ db: deps.db, userId, domainId: params.id }),
  }),
  operation({
    method: "get",
    path: API_V1_PATHS.domainPnl,
    operationId: "getDomainPnl",
    tag: "Profit and loss",
    summary: "A domain's profit and loss",
    description: "Income by source and month, costs, net, ROI and the renewal hint over the range.",
    scope: "read",
    params: ZDomainId,
    query: ZPnlQuery,
    status: 200,
    answer: ZDomainPnl,
    example: { params: { id: EXAMPLE_DOMAIN_ID }, query: { range: "12m" } },
    run: ({ deps, userId, params, query }) =>
      getDomainPnl({ db: deps.db, userId, domainId: params.id, range: query.range }),
  }),
];
