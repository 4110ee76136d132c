import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";

/** What an open dialog is scanned as: the page behind it was scanned before it opened. */
export const OPEN_DIALOG = '[role="dialog"]';

/**
 * The serious or critical axe violations on the page as it is now, or inside `selector`, each as
 * "rule: the elements it names".
 *
 * Axe runs in legacy mode: in the page itself, instead of merging its frames' results in a blank
 * page it opens beside it. The app has no cross-origin frames, which only the other mode reaches,
 * and a scan takes half the time.
 */
export async function seriousViolations(page: Page, selector?: string): Promise<string[]> {
  const builder = new AxeBuilder({ page }).setLegacyMode();
  if (selector) builder.include(selector);
  const results = await builder.analyze();
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}
