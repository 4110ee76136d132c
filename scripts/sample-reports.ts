import { DEMO_DOMAIN_NAMES, demoNetworkOf, isPendingDemoDomain } from "../server/demo/demo-data";
import type { TAdNetwork } from "../shared/api/domains";
import { PARKING_REPORT_FORMATS, type TReportFormat } from "../shared/api/parking";
import { AD_NETWORKS } from "../shared/catalog";
import { centsToDecimal } from "../shared/money";

/**
 * The domains of each network's sample export (samples/parking-reports/<network>.csv): the demo
 * account's first two verified domains on that network, so that a sample imports into the demo.
 */
export const SAMPLE_DOMAINS = Object.fromEntries(
  AD_NETWORKS.map((network) => {
    const [first, second] = DEMO_DOMAIN_NAMES.filter(
      (_, i) => demoNetworkOf(i) === network && !isPendingDemoDomain(i),
    );
    return [network, [first, second] as const];
  }),
) as Record<TAdNetwork, readonly [string, string]>;

/** Sedo's export separates its fields with semicolons; the others with commas. */
const DELIMITER: Partial<Record<TAdNetwork, string>> = { sedo: ";" };

/** A day in the network's own format. */
function writeDay(day: string, format: TReportFormat["dateFormat"]): string {
  const [year, month, date] = day.split("-");
  if (format === "MM/DD/YYYY") return `${month}/${date}/${year}`;
  if (format === "DD.MM.YYYY") return `${date}.${month}.${year}`;
  return day;
}

/** A repeatable wobble in 0.75…1.25 for a domain's day, so a sample looks like traffic, not a constant. */
function wobble(seed: number): number {
  const x = Math.sin(seed * 12.9898) * 43758.5453;
  return 0.75 + (x - Math.floor(x)) * 0.5;
}

/**
 * A network's sample report for the `days` days before `today` (UTC, `YYYY-MM-DD`; today itself
 * is left out, as a network's export only holds finished days), in its own columns, delimiter
 * and date format, for its two sample domains (or the two `domains` given).
 */
export function sampleReport(
  network: TAdNetwork,
  options: { today: string; days?: number; domains?: readonly [string, string] },
): string {
  const format = PARKING_REPORT_FORMATS[network];
  const delimiter = DELIMITER[network] ?? ",";
  const { columns } = format;
  const lines = [
    [columns.date, columns.domain, columns.visitors, columns.clicks, columns.revenue].join(delimiter),
  ];
  const days = options.days ?? 30;
  const today = Date.parse(`${options.today}T00:00:00Z`);
  for (let back = days; back >= 1; back--) {
    const day = new Date(today - back * 86_400_000).toISOString().slice(0, 10);
    (options.domains ?? SAMPLE_DOMAINS[network]).forEach((domain, index) => {
      const factor = wobble(back * 7 + index + network.length);
      const visitors = Math.round((index === 0 ? 1200 : 600) * factor);
      const clicks = Math.round(visitors * 0.03);
      const cents = Math.round(visitors * (index === 0 ? 1.4 : 1.1));
      lines.push(
        [writeDay(day, format.dateFormat), domain, visitors, clicks, centsToDecimal(cents)].join(delimiter),
      );
    });
  }
  return `${lines.join("\n")}\n`;
}

/** Every network's sample report, by network. */
export function sampleReports(options: { today: string; days?: number }): Record<TAdNetwork, string> {
  return Object.fromEntries(AD_NETWORKS.map((n) => [n, sampleReport(n, options)])) as Record<
    TAdNetwork,
    string
  >;
}
