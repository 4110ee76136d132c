/** A domain's day in a report: its rows added together. */
export interface DaySum {
  /** The domain as the rows name it, normalised when it is a valid name. */
  domain: string;
  valid: boolean;
  day: string;
  visitors: number;
  clicks: number;
  /** The exact sum of the revenue, in millionths of a dollar. */
  micros: bigint;
  /** The report's lines that make up this day. */
  lines: number[];
}

const DAY_MS = 86_400_000;

/**
 * A report added up by domain and day, in columns: entry `i` of each array is one domain-day.
 * Typed arrays cross from the worker thread as one copy each, where 50,000 objects took the
 * server's own thread a quarter of a second to rebuild.
 */
export interface ReportColumns {
  rowsRead: number;
  /** The domains as the rows name them (normalised when valid), and whether each is a valid name. */
  domains: string[];
  valid: boolean[];
  /** Index into `domains`. */
  domain: Int32Array;
  /** Days since 1970-01-01 (UTC). */
  day: Int32Array;
  visitors: Float64Array;
  clicks: Float64Array;
  /** Millionths of a dollar: whole numbers, exact in a double (a day's sum is at most $100,000). */
  micros: Float64Array;
  /** The report lines of domain-day `i` are `lines[lineStart[i]]` up to `lines[lineStart[i + 1]]`. */
  lineStart: Int32Array;
  lines: Int32Array;
}

export const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / DAY_MS;
export const dayText = (n: number) => new Date(n * DAY_MS).toISOString().slice(0, 10);

/** `12_500_000` → "12.500000". */
export const microsText = (micros: number) =>
  `${Math.floor(micros / 1_000_000)}.${String(micros % 1_000_000).padStart(6, "0")}`;

export const linesOf = (report: ReportColumns, i: number) =>
  report.lines.subarray(report.lineStart[i], report.lineStart[i + 1]);

/** The worker's side: domain-days as columns. */
export function toColumns(rowsRead: number, days: DaySum[]): ReportColumns {
  const domainIndex = new Map<string, number>();
  const report: ReportColumns = {
    rowsRead,
    domains: [],
    valid: [],
    domain: new Int32Array(days.length),
    day: new Int32Array(days.length),
    visitors: new Float64Array(days.length),
    clicks: new Float64Array(days.length),
    micros: new Float64Array(days.length),
    lineStart: new Int32Array(days.length + 1),
    lines: new Int32Array(rowsRead),
  };
  let line = 0;
  for (const [i, d] of days.entries()) {
    let index = domainIndex.get(d.domain);
    if (index === undefined) {
      index = report.domains.push(d.domain) - 1;
      report.valid.push(d.valid);
      domainIndex.set(d.domain, index);
    }
    report.domain[i] = index;
    report.day[i] = dayNumber(d.day);
    report.visitors[i] = d.visitors;
    report.clicks[i] = d.clicks;
    report.micros[i] = Number(d.micros);
    report.lineStart[i] = line;
    report.lines.set(d.lines, line);
    line += d.lines.length;
  }
  report.lineStart[days.length] = line;
  return report;
}
