import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../../tests/setup/chromium";
import type { Scenario } from "../lib/context";

/** Lighthouse's performance audit of the landing page in Debian's Chromium (mobile, simulated throttling). */
const scenario: Scenario = {
  name: "lighthouse",
  async run(ctx) {
    const app = await ctx.startApp({ env: { PGLITE_DIR: "memory://", DATABASE_URL: "" } });
    const chrome = await chromeLauncher.launch({
      chromePath: CHROMIUM_PATH,
      chromeFlags: ["--headless=new", ...CHROMIUM_ARGS],
    });
    try {
      const result = await lighthouse(`${app.baseUrl}/`, {
        port: chrome.port,
        output: "json",
        onlyCategories: ["performance"],
        logLevel: "error",
      });
      if (!result) throw new Error("Lighthouse returned no result");
      const { lhr } = result;
      const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
      return {
        "performance score (0-100)": Math.round((lhr.categories.performance?.score ?? 0) * 100),
        "LCP ms": Math.round(audit("largest-contentful-paint")),
        "FCP ms": Math.round(audit("first-contentful-paint")),
        CLS: Math.round(audit("cumulative-layout-shift") * 1000) / 1000,
        "TBT ms": Math.round(audit("total-blocking-time")),
      };
    } finally {
      chrome.kill();
      await app.stop();
    }
  },
};

export default scenario;
