import { Router } from "express";
import {
  PAYMENT_PATHS,
  PAYOUT_REQUEST_KEY_HEADER,
  ZPaymentSettingsBody,
  ZPayoutBody,
  ZPayoutRequestKey,
  ZPayPalRailBody,
  ZTaxFormBody,
  ZTestOrderBody,
  ZTestOrderParams,
  ZYearParams,
} from "../../../shared/api/payouts";
import type { Db } from "../../db/pool";
import { handler } from "../../http/handler";
import { mountedAt } from "../../http/mounted-at";
import { requestMeta } from "../../http/request-meta";
import { requireRecentAuth } from "../../http/require-recent-auth";
import { sendCsv } from "../../http/send-csv";
import type { Config } from "../../lib/config";
import type { Logger } from "../../lib/logger";
import type { SecretBox } from "../../lib/secret-box";
import type { Mailer } from "../../mail/mailer";
import type { Payments } from "../../payments/payments";
import { recordAudit } from "../audit/audit-log";
import { assertPayoutConfirmed } from "../auth/payout-confirmation";
import {
  getBalance,
  getPaymentSettings,
  listPaymentMethods,
  listTransactions,
  updatePaymentSettings,
} from "./balance.service";
import { choosePayPalRail, getPayoutAccount, startBankOnboarding } from "./payout-account.service";
import { requestPayout } from "./payouts.service";
import { getTaxForm, submitTaxForm, taxFormPdfOf } from "./tax-forms.service";
import { captureTestOrder, createTestOrder, paypalSetup } from "./test-payments.service";
import { payeeYearSummaryCsv } from "./year-end.service";

const at = mountedAt("/api");

export interface PayoutDeps {
  db: Db;
  payments: Payments;
  logger: Logger;
  mailer: Mailer;
  taxIdKeys: SecretBox;
  config: Pick<Config, "appUrl" | "payoutReviewAbove">;
}

/** Balance, transactions, payment methods and settings, payouts, and the wallet test flow. */
export function payoutRoutes(deps: PayoutDeps): Router {
  const { db, payments, logger, mailer, config } = deps;
  const router = Router();

  router.get(
    at(PAYMENT_PATHS.balance),
    handler({ auth: true }, ({ userId }) => getBalance({ db, userId })),
  );
  router.get(
    at(PAYMENT_PATHS.transactions),
    handler({ auth: true }, ({ userId }) => listTransactions({ db, userId })),
  );
  router.get(
    at(PAYMENT_PATHS.methods),
    handler({ auth: true }, () => listPaymentMethods(payments)),
  );
  router.get(
    at(PAYMENT_PATHS.settings),
    handler({ auth: true }, ({ userId }) => getPaymentSettings({ db, userId })),
  );
  router.put(
    at(PAYMENT_PATHS.settings),
    requireRecentAuth,
    handler({ auth: true, body: ZPaymentSettingsBody }, async ({ userId, body, req }) => {
      const saved = await updatePaymentSettings({ db, userId, settings: body });
      await recordAudit(db, {
        userId,
        event: "payout_settings_changed",
        meta: requestMeta(req),
        detail: { ...body },
      });
      return saved;
    }),
  );
  router.post(
    at(PAYMENT_PATHS.payout),
    handler({ auth: true, body: ZPayoutBody, status: 201 }, async ({ userId, body, req, res }) => {
      const key = req.get(PAYOUT_REQUEST_KEY_HEADER);
      const requestKey = key === undefined ? undefined : ZPayoutRequestKey.parse(key);
      await assertPayoutConfirmed({ db, req, userId, amount: body.amount });
      const { replayed, ...payout } = await requestPayout({
        db,
        mailer,
        sender: payments.payouts,
        rails: payments.payoutRails,
        logger,
        reviewAbove: config.payoutReviewAbove,
        userId,
        amount: body.amount,
        paypalEmail: body.paypalEmail,
        requestKey,
      });
      // Asked again under its key: answered as the first time, recorded once.
      if (replayed) {
        res.setHeader("Idempotent-Replayed", "true");
        return payout;
      }
      await recordAudit(db, {
        userId,
        event: "payout_requested",
        meta: requestMeta(req),
        detail: { payoutId: payout.id, amount: payout.amount, status: payout.status },
      });
      return payout;
    }),
  );

  router.get(
    at(PAYMENT_PATHS.payoutAccount),
    handler({ auth: true }, ({ userId }) => getPayoutAccount(db, userId)),
  );
  router.put(
    at(PAYMENT_PATHS.payoutRail),
    requireRecentAuth,
    handler({ auth: true, body: ZPayPalRailBody }, async ({ userId, body, req }) => {
      const account = await choosePayPalRail(db, userId, body.rail);
      await recordAudit(db, {
        userId,
        event: "payout_settings_changed",
        meta: requestMeta(req),
        detail: body,
      });
      return account;
    }),
  );
  router.post(
    at(PAYMENT_PATHS.bankAccount),
    requireRecentAuth,
    handler({ auth: true, status: 201 }, async ({ userId, req }) => {
      const link = await startBankOnboarding({ db, stripe: payments.stripe, userId, origin: config.appUrl });
      await recordAudit(db, {
        userId,
        event: "payout_settings_changed",
        meta: requestMeta(req),
        detail: { rail: "stripe" },
      });
      return link;
    }),
  );
  router.get(
    at(PAYMENT_PATHS.taxFormCurrent),
    handler({ auth: true }, ({ userId }) => getTaxForm(db, userId)),
  );
  router.post(
    at(PAYMENT_PATHS.taxForms),
    requireRecentAuth,
    handler({ auth: true, body: ZTaxFormBody, status: 201 }, ({ userId, body }) =>
      submitTaxForm({ db, keys: deps.taxIdKeys, userId, body }),
    ),
  );
  router.get(
    at(PAYMENT_PATHS.taxFormCurrentPdf),
    handler({ auth: true }, async ({ userId, res }) => {
      const { pdf, filename } = await taxFormPdfOf(db, userId);
      res.type("application/pdf").set("Content-Disposition", `attachment; filename="${filename}"`).send(pdf);
    }),
  );
  router.get(
    at(PAYMENT_PATHS.taxFormYearEnd),
    handler({ auth: true, params: ZYearParams }, async ({ userId, params, res }) => {
      const body = await payeeYearSummaryCsv(db, userId, params.year);
      sendCsv(res, { fileName: `parkpilot-payments-${params.year}.csv`, body });
    }),
  );

  router.get(
    at(PAYMENT_PATHS.paypalSetup),
    handler({ auth: true }, () => paypalSetup(payments.paypal)),
  );
  router.post(
    at(PAYMENT_PATHS.paypalOrder),
    handler({ auth: true, body: ZTestOrderBody, status: 201 }, ({ userId, body }) =>
      createTestOrder({ db, paypal: payments.paypal, userId, amount: body.amount, currency: body.currency }),
    ),
  );
  router.post(
    at(PAYMENT_PATHS.paypalCapture),
    handler({ auth: true, params: ZTestOrderParams }, ({ userId, params }) =>
      captureTestOrder({ db, paypal: payments.paypal, userId, orderId: params.id }),
    ),
  );
  return router;
}
