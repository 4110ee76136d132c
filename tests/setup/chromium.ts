/** Debian's Chromium: the browser tests and the browser benchmarks run in it, not in a downloaded one. */
export const CHROMIUM_PATH = "/usr/bin/chromium";

/**
 * The switches every run of it takes: no sandbox and no GPU on a build machine, and none of the
 * browser's own background traffic (QUIC, component updates, sync) beside what the page loads.
 */
export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/** Playwright's launch options for it. */
export const chromiumLaunchOptions = { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS };
