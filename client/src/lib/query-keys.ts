import { AFFILIATE_STATS_PATH, AFFILIATES_PATH } from "@shared/api/affiliates";
import { ANALYTICS_PATH, type TAnalyticsRange } from "@shared/api/analytics";
import { API_KEY_PATHS } from "@shared/api/api-keys";
import { AUTH_PATHS } from "@shared/api/auth";
import { PENDING_ORDERS_PATH, RECEIPTS_PATH, SUBSCRIPTIONS_PATH } from "@shared/api/billing";
import { CHECKOUT_PATHS } from "@shared/api/checkout";
import { DEVICE_PATHS } from "@shared/api/devices";
import { DOMAIN_PATHS, type TPortfolioQueryInput } from "@shared/api/domains";
import { EMAIL_PATHS } from "@shared/api/email";
import { ENTITLEMENTS_PATH } from "@shared/api/entitlements";
import { EXPERIMENT_PATHS } from "@shared/api/experiments";
import { marketplacePaths, type TMarketplaceQueryInput } from "@shared/api/marketplace";
import { NOTIFICATIONS_PATHS } from "@shared/api/notifications";
import { PAGE_PATHS } from "@shared/api/pages";
import { PASSKEY_PATHS } from "@shared/api/passkeys";
import { PAYMENT_PATHS } from "@shared/api/payments";
import { PORTFOLIO_PNL_PATH, type TPnlRange, type TPortfolioPnlQuery } from "@shared/api/pnl";
import { REVENUE_PATHS, type TRevenueRange } from "@shared/api/revenue";
import { SECURITY_PATHS, type TAuditLogQuery } from "@shared/api/security";
import { ACCOUNT_SETTINGS_PATH, NOTIFICATION_SETTINGS_PATH } from "@shared/api/settings";

/**
 * Every cached read's key, each defined here once: the reads (`features/<area>/api/get-*.ts`)
 * key their query options with these, and changes invalidate through them, including another
 * area's (a domain edit refreshes the dashboard). A key starts with its endpoint's path; a key
 * that extends another (one domain, its services, its P&L) is refreshed with it.
 */
export const queryKeys = {
  session: [AUTH_PATHS.me],
  emailStatus: [EMAIL_PATHS.status],
  twoFactor: [SECURITY_PATHS.twoFactor],
  sessions: [SECURITY_PATHS.sessions],
  auditLog: [SECURITY_PATHS.auditLog],
  auditLogFiltered: (filter: TAuditLogQuery) => [SECURITY_PATHS.auditLog, filter],
  lockdown: [SECURITY_PATHS.lockdown],
  passkeys: [PASSKEY_PATHS.list],
  devices: [DEVICE_PATHS.devices],

  dashboard: [REVENUE_PATHS.dashboard],
  dashboardTrend: (range: TRevenueRange) => [REVENUE_PATHS.dashboard, { range }],
  revenueStreams: [REVENUE_PATHS.streams],
  goals: [REVENUE_PATHS.goals],

  /** Every read of the portfolio starts with this key: a change refreshes them all. */
  domains: [DOMAIN_PATHS.list],
  parkedPage: (domainId: string) => [PAGE_PATHS.page(domainId)],
  pageVersions: (domainId: string) => [PAGE_PATHS.versions(domainId)],
  experiments: (domainId: string) => [EXPERIMENT_PATHS.list, { domainId }],
  domainPage: (query: TPortfolioQueryInput) => [DOMAIN_PATHS.list, "page", query],
  domainOptions: [DOMAIN_PATHS.list, "options"],
  domain: (id: string) => [DOMAIN_PATHS.list, id],
  domainServices: (id: string) => [DOMAIN_PATHS.list, id, "services"],
  usualNameservers: [DOMAIN_PATHS.nameservers],
  domainPnl: (id: string, range: TPnlRange) => [DOMAIN_PATHS.list, id, "pnl", { range }],
  portfolioPnl: (query: TPortfolioPnlQuery) => [PORTFOLIO_PNL_PATH, query],

  /** Every read of the listings starts with this key: a listing change refreshes them all. */
  marketplaceListings: [marketplacePaths.domains],
  marketplacePages: (query: Omit<TMarketplaceQueryInput, "cursor">) => [marketplacePaths.domains, query],
  marketplaceTlds: [marketplacePaths.domains, "tlds"],
  sellerInbox: [marketplacePaths.messages],

  affiliates: [AFFILIATES_PATH],
  affiliateStats: [AFFILIATE_STATS_PATH],
  analytics: (range: TAnalyticsRange) => [ANALYTICS_PATH, { range }],

  balance: [PAYMENT_PATHS.balance],
  paymentMethods: [PAYMENT_PATHS.methods],
  /** The payout settings: the Settings form and the Payments page's schedule read the same answer. */
  paymentSettings: [PAYMENT_PATHS.settings],
  transactions: [PAYMENT_PATHS.transactions],
  serviceOrder: (orderId: string) => [CHECKOUT_PATHS.serviceOrder(orderId)],

  accountSettings: [ACCOUNT_SETTINGS_PATH],
  notificationSettings: [NOTIFICATION_SETTINGS_PATH],
  notifications: [NOTIFICATIONS_PATHS.list],

  entitlements: [ENTITLEMENTS_PATH],
  subscriptions: [SUBSCRIPTIONS_PATH],
  receipts: [RECEIPTS_PATH],
  pendingOrders: [PENDING_ORDERS_PATH],

  apiKeys: [API_KEY_PATHS.list],
  apiUsage: [API_KEY_PATHS.usage],
} as const;
