import {
  AFFILIATE_STATS_PATH,
  AFFILIATES_PATH,
  CAMPAIGNS_PATH,
  LINK_ANALYTICS_PATH,
} from "@shared/api/affiliates";
import {
  ANALYTICS_ACCESS_PATH,
  ANALYTICS_BREAKDOWNS_PATH,
  ANALYTICS_MONTHS_PATH,
  ANALYTICS_PATH,
  FORECAST_HISTORY_PATH,
  type TAnalyticsRange,
} from "@shared/api/analytics";
import { API_KEY_PATHS } from "@shared/api/api-keys";
import { DEVICE_PATHS } from "@shared/api/auth/devices";
import { EMAIL_PATHS } from "@shared/api/auth/email";
import { PASSKEY_PATHS } from "@shared/api/auth/passkeys";
import { SECURITY_PATHS, type TAuditLogQuery } from "@shared/api/auth/security";
import { AUTH_PATHS } from "@shared/api/auth/sign-in";
import { PENDING_ORDERS_PATH, RECEIPTS_PATH, SUBSCRIPTIONS_PATH } from "@shared/api/billing";
import { CHECKOUT_PATHS } from "@shared/api/checkout";
import { CONNECTION_PATHS } from "@shared/api/connections";
import { COURSES_PATH } from "@shared/api/courses";
import { CREATIVES_PATH } from "@shared/api/creatives";
import { DOMAIN_PATHS, type TPortfolioQueryInput } from "@shared/api/domains";
import { EMAIL_SEQUENCES_PATH } from "@shared/api/email-automation";
import { ENTITLEMENTS_PATH } from "@shared/api/entitlements";
import { EXPERIMENT_PATHS } from "@shared/api/experiments";
import { marketplacePaths, type TMarketplaceQueryInput } from "@shared/api/marketplace/listings";
import { NOTIFICATIONS_PATHS } from "@shared/api/notifications";
import { LEASED_DOMAINS_PATH, PAGE_PATHS } from "@shared/api/parked-pages";
import { PAYMENT_PATHS } from "@shared/api/payouts";
import { PLAN_USAGE_PATH } from "@shared/api/plans";
import { PORTFOLIO_PNL_PATH, type TPnlRange, type TPortfolioPnlQuery } from "@shared/api/pnl";
import { REVENUE_PATHS, type TRevenueRange } from "@shared/api/revenue";
import { ACCOUNT_SETTINGS_PATH, NOTIFICATION_SETTINGS_PATH } from "@shared/api/settings";
import { SOCIAL_PATHS } from "@shared/api/social";
import { pathTo } from "@shared/path-to";

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

  campaigns: [CAMPAIGNS_PATH],
  courses: [COURSES_PATH],
  emailAutomation: [EMAIL_SEQUENCES_PATH],
  social: [SOCIAL_PATHS.posts],
  linkAnalytics: (days: number) => [LINK_ANALYTICS_PATH, { days }],
  creatives: [CREATIVES_PATH],
  lesson: (courseId: string, lessonId: string) => [COURSES_PATH, courseId, lessonId],

  dashboard: [REVENUE_PATHS.dashboard],
  dashboardTrend: (range: TRevenueRange) => [REVENUE_PATHS.dashboard, { range }],
  revenueStreams: [REVENUE_PATHS.streams],
  goals: [REVENUE_PATHS.goals],

  /** Every read of the portfolio starts with this key: a change refreshes them all. */
  domains: [DOMAIN_PATHS.list],
  leasedDomains: [LEASED_DOMAINS_PATH],
  parkedPage: (domainId: string) => [pathTo(PAGE_PATHS.page, { id: domainId })],
  pageVersions: (domainId: string) => [pathTo(PAGE_PATHS.versions, { id: domainId })],
  experiments: (domainId: string) => [EXPERIMENT_PATHS.list, { domainId }],
  domainPage: (query: TPortfolioQueryInput) => [DOMAIN_PATHS.list, "page", query],
  domainOptions: [DOMAIN_PATHS.list, "options"],
  domain: (id: string) => [DOMAIN_PATHS.list, id],
  domainServices: (id: string) => [DOMAIN_PATHS.list, id, "services"],
  /**
   * The plan's limits and what is used of them: under the portfolio's key, so that every domain
   * change and parking-report import (which refresh the portfolio) refreshes it too.
   */
  planUsage: [DOMAIN_PATHS.list, PLAN_USAGE_PATH],
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
  analyticsAccess: [ANALYTICS_ACCESS_PATH],
  analyticsBreakdowns: (range: TAnalyticsRange) => [ANALYTICS_BREAKDOWNS_PATH, { range }],
  analyticsMonths: [ANALYTICS_MONTHS_PATH],
  forecastHistory: [FORECAST_HISTORY_PATH],

  balance: [PAYMENT_PATHS.balance],
  paymentMethods: [PAYMENT_PATHS.methods],
  /** The payout settings: the Settings form and the Payments page's schedule read the same answer. */
  paymentSettings: [PAYMENT_PATHS.settings],
  transactions: [PAYMENT_PATHS.transactions],
  serviceOrder: (orderId: string) => [pathTo(CHECKOUT_PATHS.serviceOrder, { id: orderId })],

  accountSettings: [ACCOUNT_SETTINGS_PATH],
  notificationSettings: [NOTIFICATION_SETTINGS_PATH],
  connections: [CONNECTION_PATHS.list],
  connectionServices: [CONNECTION_PATHS.services],
  renewals: [CONNECTION_PATHS.renewals],
  registrarDomain: (domainId: string) => [pathTo(CONNECTION_PATHS.domain, { domainId })],
  notifications: [NOTIFICATIONS_PATHS.list],

  entitlements: [ENTITLEMENTS_PATH],
  subscriptions: [SUBSCRIPTIONS_PATH],
  receipts: [RECEIPTS_PATH],
  pendingOrders: [PENDING_ORDERS_PATH],

  apiKeys: [API_KEY_PATHS.list],
  apiUsage: [API_KEY_PATHS.usage],
} as const;
