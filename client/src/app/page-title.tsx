import { useEffect } from "react";
import { useLocation } from "wouter";

const APP_NAME = "ParkPilot";

/** The tab title of each route of the route table (spec §2): the page's heading, then the product. */
const ROUTE_TITLES: ReadonlyArray<readonly [RegExp, string]> = [
  [/^\/dashboard\/?$/, "Dashboard"],
  [/^\/domains\/?$/, "Domain Portfolio"],
  [/^\/marketplace\/?$/, "Domain Marketplace"],
  [/^\/affiliates\/?$/, "Affiliate Program"],
  [/^\/analytics\/?$/, "Analytics"],
  [/^\/payments\/?$/, "Payments & Payouts"],
  [/^\/settings\/?$/, "Settings"],
  [/^\/login\/?$/, "Sign In"],
  [/^\/forgot-password\/?$/, "Forgot Password"],
  [/^\/reset-password\/?$/, "Choose a New Password"],
  [/^\/approve-device\/?$/, "Approve a New Device"],
  [/^\/confirm-email\/?$/, "Confirm Your Email"],
  [/^\/cancel-email-change\/?$/, "Cancel an Email Change"],
  [/^\/checkout\/service\/[^/]+\/?$/, "Complete Your Purchase"],
  [/^\/checkout\/success\/?$/, "Payment Successful"],
  [/^\/privacy\/?$/, "Privacy Notice"],
];

/** The tab title for a path: `Domain Portfolio · ParkPilot`; the landing page and unknown paths read the product name. */
export function pageTitle(path: string): string {
  if (path === "/") return APP_NAME;
  const match = ROUTE_TITLES.find(([pattern]) => pattern.test(path));
  return match ? `${match[1]} · ${APP_NAME}` : `Page Not Found · ${APP_NAME}`;
}

/** Keeps document.title in step with the current route. */
export function RouteTitle() {
  const [location] = useLocation();
  useEffect(() => {
    document.title = pageTitle(location);
  }, [location]);
  return null;
}
