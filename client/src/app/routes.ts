import {
  ACCEPT_INVITATION_PATH,
  CANCEL_EMAIL_CHANGE_PATH,
  CHECKOUT_PAGE_ROUTE,
  CONFIRM_EMAIL_PATH,
  LEAD_INVOICE_PAGE_ROUTE,
} from "@shared/page-paths";
import { type Preloadable, preloadable } from "./preloadable";

/**
 * Who a page is for: `public` pages need no account (and no data layer), `public-only` ones are
 * for signed-out visitors, `open` ones for anyone who follows an emailed link, `sidebar` pages
 * render in the dashboard layout for signed-in users, and `protected` pages stand alone for them.
 */
export type RouteAccess = "public" | "public-only" | "open" | "sidebar" | "protected";

export interface PageRoute {
  /** The path as the router reads it, `:name` for a parameter. */
  path: string;
  access: RouteAccess;
  page: Preloadable;
  /** The tab title, before the product's name: the page's heading. */
  title: string;
  /** The sidebar's label, for the pages the sidebar links to (in this table's order). */
  nav?: string;
  /** What a parameter matches, where it is narrower than one path segment. */
  params?: Record<string, string>;
  /**
   * The portfolio owner's alone: hidden from the sidebar of a team member working in someone
   * else's portfolio, who is shown why instead of the page (docs/security.md#team-seats).
   */
  ownerOnly?: boolean;
}

const page = preloadable;

/**
 * Every page of the app but the landing page and the operator console (docs/product.md#screens):
 * the router, the account area, the sidebar and the tab title all read this table, so a page is
 * added here and nowhere else. Every page is its own chunk, loaded when it is first shown.
 */
export const PAGE_ROUTES: readonly PageRoute[] = [
  {
    path: "/privacy",
    access: "public",
    page: page(() => import("@/pages/privacy")),
    title: "Privacy Notice",
  },
  { path: "/login", access: "public-only", page: page(() => import("@/pages/login")), title: "Sign In" },
  {
    path: "/forgot-password",
    access: "public-only",
    page: page(() => import("@/pages/forgot-password")),
    title: "Forgot Password",
  },
  {
    path: "/reset-password",
    access: "public-only",
    page: page(() => import("@/pages/reset-password")),
    title: "Choose a New Password",
  },
  // Opened from an email, on whichever device, signed in or not.
  {
    path: "/approve-device",
    access: "open",
    page: page(() => import("@/pages/approve-device")),
    title: "Approve a New Device",
  },
  {
    path: CONFIRM_EMAIL_PATH,
    access: "open",
    page: page(() => import("@/pages/confirm-email")),
    title: "Confirm Your Email",
  },
  {
    path: CANCEL_EMAIL_CHANGE_PATH,
    access: "open",
    page: page(() => import("@/pages/cancel-email-change")),
    title: "Cancel an Email Change",
  },
  {
    path: ACCEPT_INVITATION_PATH,
    access: "open",
    page: page(() => import("@/pages/accept-invitation")),
    title: "Join a Portfolio",
  },
  // A lead buyer's invoice, opened from its email: the token is the key, no account.
  {
    path: LEAD_INVOICE_PAGE_ROUTE,
    access: "open",
    page: page(() => import("@/pages/pay-invoice")),
    title: "Lead Invoice",
  },
  {
    path: "/dashboard",
    access: "sidebar",
    page: page(() => import("@/pages/dashboard")),
    title: "Dashboard",
    nav: "Dashboard",
  },
  {
    path: "/domains",
    access: "sidebar",
    page: page(() => import("@/pages/domains")),
    title: "Domain Portfolio",
    nav: "Domain Portfolio",
  },
  {
    path: "/domains/:id/page",
    access: "sidebar",
    page: page(() => import("@/pages/page-builder")),
    title: "Parked Page",
    params: { id: "[0-9a-f-]{36}" },
  },
  {
    path: "/marketplace",
    access: "sidebar",
    page: page(() => import("@/pages/marketplace")),
    title: "Domain Marketplace",
    nav: "Marketplace",
  },
  {
    path: "/marketplace/deals",
    access: "sidebar",
    page: page(() => import("@/pages/marketplace-deals")),
    title: "Offers & Sales",
  },
  {
    path: "/marketplace/deals/:id",
    access: "sidebar",
    page: page(() => import("@/pages/marketplace-deal")),
    title: "Escrow Sale",
  },
  {
    path: "/affiliates",
    access: "sidebar",
    ownerOnly: true,
    page: page(() => import("@/pages/affiliates")),
    title: "Affiliate Program",
    nav: "Affiliates",
  },
  {
    path: "/affiliates/courses",
    access: "sidebar",
    ownerOnly: true,
    page: page(() => import("@/pages/courses")),
    title: "Training Courses",
  },
  {
    path: "/affiliates/courses/:courseId/:lessonId",
    access: "sidebar",
    ownerOnly: true,
    page: page(() => import("@/pages/courses")),
    title: "Training Courses",
    params: { courseId: "[\\w-]+", lessonId: "[\\w-]+" },
  },
  {
    path: "/affiliates/creatives",
    access: "sidebar",
    ownerOnly: true,
    page: page(() => import("@/pages/creatives")),
    title: "Creative Assets",
  },
  {
    path: "/affiliates/links",
    access: "sidebar",
    ownerOnly: true,
    page: page(() => import("@/pages/link-analytics")),
    title: "Link Analytics",
  },
  {
    path: "/affiliates/social",
    access: "sidebar",
    ownerOnly: true,
    page: page(() => import("@/pages/social")),
    title: "Social Scheduler",
  },
  {
    path: "/affiliates/email",
    access: "sidebar",
    ownerOnly: true,
    page: page(() => import("@/pages/email-automation")),
    title: "Email Automation",
  },
  {
    path: "/analytics",
    access: "sidebar",
    page: page(() => import("@/pages/analytics")),
    title: "Analytics",
    nav: "Analytics",
  },
  {
    path: "/reports",
    access: "sidebar",
    page: page(() => import("@/pages/reports")),
    title: "Reports",
    nav: "Reports",
  },
  { path: "/reports/:id", access: "sidebar", page: page(() => import("@/pages/reports")), title: "Reports" },
  {
    path: "/payments",
    access: "sidebar",
    ownerOnly: true,
    page: page(() => import("@/pages/payments")),
    title: "Payments & Payouts",
    nav: "Payments",
  },
  {
    path: "/settings",
    access: "sidebar",
    ownerOnly: true,
    page: page(() => import("@/pages/settings")),
    title: "Settings",
    nav: "Settings",
  },
  {
    path: CHECKOUT_PAGE_ROUTE,
    access: "protected",
    page: page(() => import("@/pages/checkout-service")),
    title: "Complete Your Purchase",
  },
  {
    path: "/checkout/success",
    access: "protected",
    page: page(() => import("@/pages/checkout-success")),
    title: "Payment Successful",
  },
];

/** The source of a route's pattern: its path with each parameter as what it matches. */
const patternSource = (route: PageRoute) =>
  route.path
    .split("/")
    .map((part) => (part.startsWith(":") ? (route.params?.[part.slice(1)] ?? "[^/]+") : part))
    .join("\\/");

/** A path matching any of `routes` (with or without a trailing slash). */
export function pathsOf(routes: readonly PageRoute[]): RegExp {
  return new RegExp(`^(?:${routes.map(patternSource).join("|")})\\/?$`);
}

/** The route that serves `path`, if one does. */
export function routeOf(path: string): PageRoute | undefined {
  return PAGE_ROUTES.find((route) => pathsOf([route]).test(path));
}

/** The routes of one kind of access, in the table's order. */
export const routesFor = (access: RouteAccess) => PAGE_ROUTES.filter((route) => route.access === access);

/** The pages the sidebar links to, in its order. */
export const SIDEBAR_LINKS = PAGE_ROUTES.flatMap((route) =>
  route.nav ? [{ href: route.path, label: route.nav, ownerOnly: route.ownerOnly ?? false }] : [],
);
