import { useEffect } from "react";
import { useLocation } from "wouter";

const APP_NAME = "ParkPilot";

/** The tab title of each route of the route table (docs/product.md#screens): the page's heading, then the product. */
const ROUTE_TITLES: ReadonlyArray<readonly [RegExp, string]> = [
  [/^\/dashboard\/?$/, "Dashboard"],
  [/^\/domains\/?$/, "Domain Portfolio"],
  [/^\/domains\/[0-9a-f-]{36}\/page\/?$/, "Parked Page"],
  [/^\/marketplace\/?$/, "Domain Marketplace"],
  [/^\/affiliates\/?$/, "Affiliate Program"],
  [/^\/affiliates\/courses(?:\/[\w-]+\/[\w-]+)?\/?$/, "Training Courses"],
  [/^\/affiliates\/creatives\/?$/, "Creative Assets"],
  [/^\/affiliates\/links\/?$/, "Link Analytics"],
  [/^\/affiliates\/social\/?$/, "Social Scheduler"],
  [/^\/affiliates\/email\/?$/, "Email Automation"],
  [/^\/analytics\/?$/, "Analytics"],
  [/^\/payments\/?$/, "Payments & Payouts"],
  [/^\/settings\/?$/, "Settings"],
  [/^\/reports(?:\/[^/]+)?\/?$/, "Reports"],
  [/^\/login\/?$/, "Sign In"],
  [/^\/forgot-password\/?$/, "Forgot Password"],
  [/^\/reset-password\/?$/, "Choose a New Password"],
  [/^\/approve-device\/?$/, "Approve a New Device"],
  [/^\/confirm-email\/?$/, "Confirm Your Email"],
  [/^\/cancel-email-change\/?$/, "Cancel an Email Change"],
  [/^\/team\/accept\/?$/, "Join a Portfolio"],
  [/^\/checkout\/service\/[^/]+\/?$/, "Complete Your Purchase"],
  [/^\/checkout\/success\/?$/, "Payment Successful"],
  [/^\/privacy\/?$/, "Privacy Notice"],
];

/** The tab title of a path no page answers (also the console's, to whoever it is hidden from). */
export const NOT_FOUND_TITLE = `Page Not Found · ${APP_NAME}`;

/** The operator console titles its own tabs: its sections live in its own chunk. */
const CONSOLE_PATH = /^\/admin(?:\/|$)/;

/**
 * The tab title for a path: `Domain Portfolio · ParkPilot`; the landing page reads the product
 * name, unknown paths "Page Not Found"; null for the console's paths, which the console titles.
 */
export function pageTitle(path: string): string | null {
  if (path === "/") return APP_NAME;
  if (CONSOLE_PATH.test(path)) return null;
  const match = ROUTE_TITLES.find(([pattern]) => pattern.test(path));
  return match ? `${match[1]} · ${APP_NAME}` : NOT_FOUND_TITLE;
}

/** Sets document.title while the calling component shows, and whenever `title` changes. */
export function useDocumentTitle(title: string) {
  useEffect(() => {
    document.title = title;
  }, [title]);
}

/** Keeps document.title in step with the current route, outside the console. */
export function RouteTitle() {
  const [location] = useLocation();
  useEffect(() => {
    const title = pageTitle(location);
    if (title) document.title = title;
  }, [location]);
  return null;
}
