import { useEffect } from "react";
import { useLocation } from "wouter";
import { APP_NAME } from "./app-name";
import { routeOf } from "./routes";

/** The tab title of a path no page answers (also the console's, to whoever it is hidden from). */
export const NOT_FOUND_TITLE = `Page Not Found · ${APP_NAME}`;

/** The operator console titles its own tabs: its sections live in its own chunk. */
const CONSOLE_PATH = /^\/admin(?:\/|$)/;

/**
 * The tab title for a path: `Domain Portfolio · ParkPilot`, unknown paths "Page Not Found"; null
 * for the console's paths, which the console titles. (The landing page's document has its own.)
 */
export function pageTitle(path: string): string | null {
  if (CONSOLE_PATH.test(path)) return null;
  const route = routeOf(path);
  return route ? `${route.title} · ${APP_NAME}` : NOT_FOUND_TITLE;
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
