import compression from "compression";
import express, { Router } from "express";
import { pinoHttp } from "pino-http";
import { HEALTH_PATHS } from "../shared/api/health";
import { API_DOCS_PATH } from "../shared/api/v1/common";
import { docsRoutes } from "./api-v1/docs-page";
import { v1Routes } from "./api-v1/v1.routes";
import type { AppDeps } from "./deps";
import { apiNotFound, errorHandler } from "./http/error-handler";
import { answeringFirst } from "./http/fast-paths";
import { refuseDeepJson } from "./http/json-depth";
import { originCheck } from "./http/origin-check";
import { redactUrl } from "./http/redact-url";
import { refuseNul } from "./http/refuse-nul";
import { noStore, securityHeaderList, securityHeaders } from "./http/security-headers";
import { trackLastSeen } from "./http/session-helpers";
import { adminRoutes } from "./modules/admin/admin.routes";
import { affiliateRoutes } from "./modules/affiliates/affiliates.routes";
import { referralRedirectRoutes } from "./modules/affiliates/referral-redirect";
import { analyticsRoutes } from "./modules/analytics/analytics.routes";
import { apiKeyRoutes } from "./modules/api-keys/api-keys.routes";
import { appraisalRoutes } from "./modules/appraisals/appraisals.routes";
import { auditExportRoutes, auditRoutes } from "./modules/auth/audit-log.routes";
import { authRoutes } from "./modules/auth/auth.routes";
import { lockdownRoutes } from "./modules/auth/lockdown.routes";
import { billingRoutes } from "./modules/billing/billing.routes";
import { checkoutRoutes } from "./modules/checkout/checkout.routes";
import { connectionRoutes } from "./modules/connections/connections.routes";
import { certificatePageRoutes } from "./modules/courses/certificate-page.routes";
import { courseRoutes } from "./modules/courses/courses.routes";
import { creativeRoutes } from "./modules/creatives/creatives.routes";
import { devMailRoutes } from "./modules/dev-mail/dev-mail.routes";
import { domainRoutes } from "./modules/domains/domains.routes";
import { parkedVisitCounter } from "./modules/domains/parked-visits";
import { emailAutomationRoutes, unsubscribeRoutes } from "./modules/email-automation/email-automation.routes";
import { experimentRoutes } from "./modules/experiments/experiments.routes";
import { healthCheck, healthFastPath } from "./modules/health/health.routes";
import { leadInvoiceRoutes } from "./modules/lead-sales/lead-invoices.routes";
import { leadReturnRoutes } from "./modules/lead-sales/lead-returns.routes";
import { leadRoutes } from "./modules/leads/leads.routes";
import { marketplaceRoutes } from "./modules/marketplace/marketplace.routes";
import { storefrontRoutes } from "./modules/marketplace/storefront.routes";
import { notificationRoutes } from "./modules/notifications/notifications.routes";
import { parkedHost } from "./modules/parked-pages/parked-host";
import { pageRoutes } from "./modules/parked-pages/parked-pages.routes";
import { parkingRoutes } from "./modules/parking/parking.routes";
import { payoutRoutes } from "./modules/payouts/payouts.routes";
import { pnlRoutes } from "./modules/pnl/pnl.routes";
import { purchaseRoutes } from "./modules/purchases/purchases.routes";
import { reportRoutes } from "./modules/reports/reports.routes";
import { revenueRoutes } from "./modules/revenue/revenue.routes";
import { settingsRoutes } from "./modules/settings/settings.routes";
import { socialRoutes } from "./modules/social/social.routes";
import { socialFeedRoutes } from "./modules/social/social-feed";
import { supportRoutes } from "./modules/support/support.routes";
import { portfolioAccess } from "./modules/team/portfolio-access";
import { teamRoutes } from "./modules/team/team.routes";
import { webhookRoutes } from "./modules/webhooks/stripe-webhook.routes";

const JSON_LIMIT = "100kb";

/** The Express app: every API route, then the web client, then the one error handler. */
export function createApp(deps: AppDeps) {
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", deps.config.trustProxy);

  const security = securityHeaderList({
    strictCsp: deps.config.isProduction,
    https: !deps.config.PUBLIC_URL?.startsWith("http://"),
  });
  app.use(securityHeaders(security));
  // Load balancers poll this many times a minute: it is answered before compression and logging,
  // but with the security headers every answer carries. Asked as they ask it, it is answered
  // before Express itself (see the end); this route serves the other spellings of its path.
  app.get(HEALTH_PATHS.health, healthCheck(deps));
  // Referral links are clicked in bursts from posts and banners: answered before compression and
  // request logging too (the click itself is the record).
  const referrals = referralRedirectRoutes(deps);
  app.use((req, res, next) => (req.path.startsWith("/r/") ? referrals(req, res, next) : next()));
  const parked = parkedHost(deps);
  // A verified domain's host gets its parked page (docs/product.md#parked-pages), its visit counted:
  // public traffic at the rate of a whole portfolio, so like the health check it is answered before
  // per-request logging; its page is already gzipped. Any other request goes on.
  const visits = parkedVisitCounter(deps);
  app.use(visits.middleware);
  app.use(parked.middleware);
  // Portfolio-sized answers (thousands of domains) shrink about tenfold.
  app.use(compression());
  app.use(
    pinoHttp({
      logger: deps.logger,
      customLogLevel: (_req, res, err) =>
        err || res.statusCode >= 500 ? "error" : res.statusCode >= 400 ? "warn" : "info",
      // The serializers get the request and response themselves: pino-http's wrapped copies (every
      // header, the query, the params) cost more per request than the rest of the log line.
      wrapSerializers: false,
      serializers: {
        req: (req: { id: unknown; method: string; url: string; originalUrl?: string }) => ({
          id: req.id,
          method: req.method,
          url: redactUrl(req.originalUrl ?? req.url),
        }),
        res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
      },
    }),
  );

  const api = Router();
  api.use(noStore);
  // The public API reads no cookie (a key in the Authorization header), so it needs no CSRF check.
  api.use(originCheck({ exempt: ["/webhooks/", "/v1/"] }));
  // Signed provider webhooks need the raw body, so they come before the JSON parser.
  api.use("/webhooks", webhookRoutes(deps));
  api.use("/webhooks/lead-returns", leadReturnRoutes(deps));
  // The depth is checked on the raw bytes, before parsing and before the recursive NUL check.
  api.use(express.json({ limit: JSON_LIMIT, verify: refuseDeepJson }));
  api.use(refuseNul);
  // Before the session middleware: `/api/v1` is authenticated by its key alone, never a cookie.
  api.use("/v1", v1Routes(deps));
  api.use(deps.sessions.middleware);
  api.use(trackLastSeen);
  // Before every session route: a team member working in someone else's portfolio reaches only
  // what their role allows (docs/security.md#team-seats).
  api.use(portfolioAccess(deps));
  api.use("/auth", authRoutes(deps));
  api.use("/audit-log", auditRoutes(deps));
  api.use("/security", auditExportRoutes(deps));
  api.use("/security", lockdownRoutes(deps));
  api.use("/api-keys", apiKeyRoutes(deps));
  api.use("/leads", leadRoutes(deps));
  api.use("/domains", pageRoutes(deps, parked.invalidate));
  api.use("/domains", domainRoutes(deps));
  api.use("/experiments", experimentRoutes(deps, parked.invalidate));
  api.use(pnlRoutes(deps));
  api.use("/parking-reports", parkingRoutes(deps));
  api.use(purchaseRoutes(deps));
  api.use(checkoutRoutes(deps));
  api.use("/lead-invoices", leadInvoiceRoutes(deps));
  api.use(billingRoutes(deps));
  api.use(payoutRoutes(deps));
  api.use("/affiliates", affiliateRoutes(deps));
  api.use("/courses", courseRoutes(deps));
  api.use("/creatives", creativeRoutes(deps));
  api.use("/social", socialRoutes(deps));
  api.use("/email", emailAutomationRoutes(deps));
  api.use("/marketplace", marketplaceRoutes(deps, parked.invalidate));
  api.use("/revenue", revenueRoutes(deps));
  api.use("/analytics", analyticsRoutes(deps));
  api.use("/settings", settingsRoutes(deps));
  api.use("/connections", connectionRoutes(deps));
  api.use("/notifications", notificationRoutes(deps));
  api.use("/support", supportRoutes(deps));
  api.use("/team", teamRoutes(deps));
  api.use("/reports", reportRoutes(deps));
  api.use("/appraisals", appraisalRoutes(deps));
  api.use("/admin", adminRoutes(deps));
  api.use(apiNotFound);
  app.use("/api", api);
  app.use(API_DOCS_PATH, docsRoutes());

  // Development and tests: the mail the app sent, read without an SMTP server (404 in production).
  app.use(devMailRoutes(deps));
  app.use(storefrontRoutes(deps));
  app.use(certificatePageRoutes(deps));
  app.use(socialFeedRoutes(deps));
  app.use(unsubscribeRoutes(deps));
  for (const handler of deps.client ?? []) app.use(handler);
  app.use(errorHandler(deps.logger));
  // The health check and a parked page in memory, the traffic that comes at a portfolio's rate,
  // are answered before Express's dispatch, with the same headers and bytes as the routes above.
  return answeringFirst(app, [
    healthFastPath(deps, security),
    parked.fastPath({
      trust: app.get("trust proxy fn"),
      securityHeaders: security,
      countView: visits.countView,
    }),
  ]);
}
