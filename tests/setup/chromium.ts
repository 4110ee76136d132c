import { existsSync } from "node:fs";

/** Debian's Chromium (package `chromium`): the full browser, as a visitor runs it. */
export const CHROMIUM_PATH = "/usr/bin/chromium";

/**
 * Debian's headless shell of the same Chromium build (package `chromium-headless-shell`): the
 * same Blink and V8 without the full browser's window machinery, which is also what Playwright's
 * own headless runs use. The tests run in it when it is installed: on two cores, both busy
 * throughout, the browser suite took 494–526 s in it against 790 s in the full browser (1,031
 * against 1,564 s of CPU). Without it the tests use the full browser.
 */
export const HEADLESS_SHELL_PATH = "/usr/bin/chromium-headless-shell";

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

/** Playwright's launch options for the full browser: the benchmarks measure what a visitor's browser does. */
export const chromiumLaunchOptions = { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS };

/** Playwright's launch options for the tests (the browser suite, the system suite's browsers): the headless shell where installed. */
export const testChromiumLaunchOptions = {
  executablePath: existsSync(HEADLESS_SHELL_PATH) ? HEADLESS_SHELL_PATH : CHROMIUM_PATH,
  args: CHROMIUM_ARGS,
};
