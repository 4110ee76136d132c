/**
 * Yearly renewal prices in US dollars by TLD, used as a name's renewal cost when its registrar's
 * API gives no price list (each account may set its own in Settings → Connections). Typical
 * retail renewal prices at the large registrars in late 2026.
 */
export const TLD_RENEWAL_PRICES: Readonly<Record<string, string>> = {
  com: "18.48",
  net: "19.98",
  org: "14.98",
  info: "24.98",
  biz: "22.98",
  us: "8.98",
  co: "31.98",
  io: "57.98",
  ai: "89.98",
  app: "17.98",
  dev: "15.98",
  me: "19.98",
  tv: "39.98",
  xyz: "16.98",
  online: "39.98",
  store: "59.98",
  site: "34.98",
  shop: "39.98",
  club: "17.98",
  de: "9.98",
  uk: "9.98",
  "co.uk": "9.98",
  ca: "17.98",
  eu: "9.98",
  nl: "10.98",
  in: "11.98",
};

/** The shipped price of a name's TLD (the longest known suffix), or null. */
export function shippedRenewalPrice(name: string): string | null {
  const labels = name.toLowerCase().split(".");
  for (let i = 1; i < labels.length; i++) {
    const price = TLD_RENEWAL_PRICES[labels.slice(i).join(".")];
    if (price) return price;
  }
  return null;
}
