import { Router } from "express";
import { ZPayPalReturnQuery, ZSandboxProviderQuery } from "../../../shared/api/checkout";
import {
  LEAD_INVOICE_PATHS,
  leadInvoicePagePath,
  ZLeadInvoiceCheckoutBody,
  ZLeadInvoiceTokenParams,
} from "../../../shared/api/lead-sales";
import { pathTo } from "../../../shared/path-to";
import type { Db } from "../../db/pool";
import { notFound } from "../../http/app-error";
import { handler } from "../../http/handler";
import { mountedAt } from "../../http/mounted-at";
import type { Config } from "../../lib/config";
import type { Logger } from "../../lib/logger";
import type { PaidContext } from "../../payments/money-effects";
import type { Payments } from "../../payments/payments";
import { renderSandboxPage } from "../checkout/sandbox-page";
import type { LeadSales } from "./lead-sales";
import {
  captureInvoicePayPal,
  paySandboxInvoice,
  publicInvoice,
  sandboxInvoice,
  startInvoiceCheckout,
} from "./pay-invoice";

const at = mountedAt("/api/lead-invoices");

const ZPayPalInvoiceReturn = ZPayPalReturnQuery.pick({ token: true });

export interface LeadInvoiceDeps {
  db: Db;
  leadSales: LeadSales;
  payments: Payments;
  logger: Logger;
  paid: PaidContext;
  config: Pick<Config, "isProduction">;
}

/**
 * `/api/lead-invoices/{token}`: a lead buyer's invoice, read and paid signed out with the secret
 * token of its pay link (docs/money.md#buyer-invoices).
 */
export function leadInvoiceRoutes(deps: LeadInvoiceDeps): Router {
  const { leadSales, payments, logger } = deps;
  const router = Router();
  const page = (token: string, state: string) => `${leadInvoicePagePath(token)}?${state}=1`;

  router.get(
    at(LEAD_INVOICE_PATHS.one),
    handler({ params: ZLeadInvoiceTokenParams }, ({ params }) => publicInvoice(deps.db, params.token)),
  );
  router.post(
    at(LEAD_INVOICE_PATHS.checkout),
    handler({ params: ZLeadInvoiceTokenParams, body: ZLeadInvoiceCheckoutBody }, ({ params, body }) =>
      startInvoiceCheckout(leadSales, payments, { token: params.token, provider: body.provider }),
    ),
  );
  router.get(
    at(LEAD_INVOICE_PATHS.sandbox),
    handler(
      { params: ZLeadInvoiceTokenParams, query: ZSandboxProviderQuery },
      async ({ params, query, res }) => {
        if (!payments.isSandbox(query.provider)) throw notFound("Test checkout");
        const invoice = await sandboxInvoice(deps.db, params.token);
        // As on the order's test page: the form posts must name this origin for the origin check.
        res.set("Referrer-Policy", "same-origin");
        res.type("html").send(
          renderSandboxPage(invoice, query.provider, {
            base: `${pathTo(LEAD_INVOICE_PATHS.one, { token: params.token })}/sandbox`,
            back: leadInvoicePagePath(params.token),
            paidText: "This invoice has already been paid.",
          }),
        );
      },
    ),
  );
  router.post(
    at(LEAD_INVOICE_PATHS.sandboxPay),
    handler(
      { params: ZLeadInvoiceTokenParams, query: ZSandboxProviderQuery },
      async ({ params, query, res }) => {
        await paySandboxInvoice(leadSales, {
          token: params.token,
          // Test money never settles a buyer's invoice in production, test mode or not: it would
          // make owners' shares withdrawable.
          sandboxActive: payments.isSandbox(query.provider) && !deps.config.isProduction,
          effects: deps.paid.effects,
        });
        res.redirect(303, page(params.token, "paid"));
      },
    ),
  );
  router.post(
    at(LEAD_INVOICE_PATHS.sandboxCancel),
    handler({ params: ZLeadInvoiceTokenParams }, async ({ params, res }) => {
      await sandboxInvoice(deps.db, params.token);
      res.redirect(303, page(params.token, "cancelled"));
    }),
  );
  router.get(
    at(LEAD_INVOICE_PATHS.paypalReturn),
    handler(
      { params: ZLeadInvoiceTokenParams, query: ZPayPalInvoiceReturn },
      async ({ params, query, res }) => {
        const outcome = await captureInvoicePayPal(leadSales, payments, {
          token: params.token,
          paypalOrderId: query.token,
          effects: deps.paid.effects,
        }).catch((err: unknown) => {
          // The payer is in a browser tab: send them back to the invoice to try again.
          logger.warn({ err }, "PayPal capture of a lead invoice failed");
          return "failed" as const;
        });
        res.redirect(303, page(params.token, outcome === "failed" ? "cancelled" : "paid"));
      },
    ),
  );
  return router;
}
