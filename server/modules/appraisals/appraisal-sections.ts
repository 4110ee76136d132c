import type { TAppraisalAccuracy } from "../../../shared/api/appraisals";
import type { TReportSection } from "../../../shared/api/reports";
import type { Market } from "./market";
import type { Valuation } from "./valuation";

export const usd = (n: number) => `$${Math.round(n).toLocaleString("en-US")}`;
const day = (d: Date) => d.toISOString().slice(0, 10);
const percent = (x: number) => `${Math.round(x * 100)}%`;

function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

export function valueSection(v: Valuation): TReportSection {
  return {
    heading: "Value",
    lines: [
      `Estimated value: ${usd(v.value)}`,
      `Range: ${usd(v.range.low)} to ${usd(v.range.high)}`,
      `Confidence: ${v.confidence}`,
    ],
  };
}

export const reasonsSection = (v: Valuation): TReportSection => ({ heading: "Why", lines: v.reasons });

export function featuresSection(v: Valuation): TReportSection {
  const f = v.features;
  const words = f.words.map((w) => w.text).join(", ") || "none";
  return {
    heading: "Name features",
    lines: [],
    table: {
      columns: ["Feature", "This name"],
      rows: [
        ["Length", `${f.length} characters`],
        ["Dictionary words", `${words} (${percent(f.coverage)} of its letters)`],
        [
          "Word frequency",
          f.meanZipf === null ? "no words" : `${f.meanZipf.toFixed(1)} on the Zipf scale (1 rare, 7 common)`,
        ],
        ["Syllables", String(f.syllables)],
        ["Suffix", `.${f.tld}`],
        ["Hyphens", String(f.hyphens)],
        ["Digits", String(f.digits)],
        ["Brandability", `${Math.round(f.brandability * 100)} of 100`],
      ],
    },
  };
}

export function accuracySection(a: TAppraisalAccuracy): TReportSection {
  const lines =
    a.enough && a.withinTwoX !== null && a.medianAbsLogRatio !== null
      ? [
          `Each of the ${a.sales} sales closed on ParkPilot was appraised by this engine without its own price.`,
          `${percent(a.withinTwoX)} of those appraisals were within 2× of the price the name sold for.`,
          `The median appraisal was off by a factor of ${Math.exp(a.medianAbsLogRatio).toFixed(2)} (median |log(appraisal ÷ price)| = ${a.medianAbsLogRatio.toFixed(2)}).`,
          "The range above is as wide as that error.",
        ]
      : [
          `Not enough sales yet: ${a.sales} sale${a.sales === 1 ? "" : "s"} closed on ParkPilot, and the engine's accuracy is published from ${a.minimumSales}.`,
          "Until then the value rests on the name's features, comparable names and its earnings.",
        ];
  return { heading: "How accurate this engine has been", lines };
}

export function comparablesSection(v: Valuation): TReportSection {
  return {
    heading: "Comparable sales and listings",
    lines:
      v.comparables.length === 0
        ? ["No comparable sales or listings on ParkPilot yet."]
        : [
            "Each price is adjusted for the differences between the two names; listings count at 60% of their ask.",
          ],
    table: {
      columns: ["Name", "Sold or listed", "Price", "Date", "Alike", "Says of this name"],
      rows: v.comparables.map((c) => [
        c.name,
        c.kind === "sale" ? "Sold" : "Listed",
        usd(c.price),
        day(c.at),
        `${Math.round(c.similarity * 100)}%`,
        usd(c.adjusted),
      ]),
    },
  };
}

export function earningsSection(v: Valuation): TReportSection {
  const e = v.earnings;
  return {
    heading: "Earnings multiple",
    lines: e
      ? [
          `Average month: ${usd(e.averageMonthly)} over ${e.months} months (parking, leads and other income).`,
          `Multiple: ${e.multiple}× monthly earnings, for ${e.months >= 11 ? "a year" : "this length"} of history.`,
          `Earnings value: ${usd(e.value)}; the name itself: ${usd(v.nameValue.market)}.`,
        ]
      : ["This domain has earned nothing in the last year: its value is the name's alone."],
  };
}

export function keywordsSection(v: Valuation, market: Market): TReportSection {
  const entries = [...market.sales, ...market.listings];
  const rows = v.features.words
    .filter((w) => w.text.length >= 3)
    .map((w) => {
      const withWord = entries.filter((e) => e.keywords.has(w.text) && e.name !== v.name);
      const sold = withWord.filter((e) => e.kind === "sale").map((e) => e.price);
      const mid = median(sold);
      return [
        w.text,
        (w.zipf ?? 0).toFixed(1),
        String(withWord.length),
        mid === null ? "no sales" : `${usd(mid)} (${sold.length} sale${sold.length === 1 ? "" : "s"})`,
      ];
    });
  return {
    heading: "Keywords",
    lines:
      rows.length === 0
        ? ["The name holds no dictionary word of three letters or more."]
        : ["How common each word is (Zipf, 1 rare to 7 common), and what names with it did on ParkPilot."],
    table: { columns: ["Keyword", "Frequency", "Names on ParkPilot", "Median sale"], rows },
  };
}

export function marketTrendSection(market: Market, now: Date): TReportSection {
  const quarters: string[][] = [];
  for (let q = 3; q >= 0; q--) {
    const end = new Date(now.getTime() - q * 91 * 86_400_000);
    const start = new Date(end.getTime() - 91 * 86_400_000);
    const prices = market.sales.filter((s) => s.at > start && s.at <= end).map((s) => s.price);
    const mid = median(prices);
    quarters.push([`${day(start)} to ${day(end)}`, String(prices.length), mid === null ? "–" : usd(mid)]);
  }
  const half = (from: number, to: number) =>
    median(
      market.sales
        .filter(
          (s) =>
            s.at.getTime() > now.getTime() - from * 86_400_000 &&
            s.at.getTime() <= now.getTime() - to * 86_400_000,
        )
        .map((s) => s.price),
    );
  const recent = half(182, 0);
  const before = half(364, 182);
  const trend =
    recent === null || before === null
      ? "Too few sales in the last year to tell a trend."
      : recent > before * 1.1
        ? `Prices are rising: the median sale of the last six months, ${usd(recent)}, against ${usd(before)} the six before.`
        : recent < before / 1.1
          ? `Prices are falling: the median sale of the last six months, ${usd(recent)}, against ${usd(before)} the six before.`
          : `Prices are steady: the median sale of the last six months, ${usd(recent)}, against ${usd(before)} the six before.`;
  const asks = median(market.listings.map((l) => l.price));
  return {
    heading: "Market trend",
    lines: [
      trend,
      `${market.listings.length} name${market.listings.length === 1 ? " is" : "s are"} listed for sale on ParkPilot now${asks === null ? "." : `, at a median ask of ${usd(asks)}.`}`,
    ],
    table: { columns: ["Quarter", "Sales", "Median price"], rows: quarters },
  };
}

/** The analyst's review of an enterprise appraisal: waiting for it, or what they delivered. */
export function analystSection(
  review: { lines: string[]; deliveredAt: string } | undefined,
  dueBy?: Date,
): TReportSection {
  return {
    heading: "Analyst review",
    lines: review
      ? [`Delivered ${review.deliveredAt.slice(0, 10)}.`, ...review.lines]
      : [
          `An analyst reviews this appraisal${dueBy ? ` by ${day(dueBy)}` : ""}; their review is added to this report and you are emailed when it is.`,
        ],
  };
}
