/**
 * What buyers pay for a name under each suffix, against the same name in .com (as log10 of the
 * ratio: -0.5 is about a third). .com is the reference; the next are the suffixes that resell;
 * new generic suffixes and the rest trail far behind. A suffix not listed counts as "other".
 */
const TLD_LOG_FACTOR: Record<string, number> = {
  com: 0,
  ai: -0.3,
  io: -0.45,
  net: -0.55,
  org: -0.5,
  co: -0.6,
  app: -0.65,
  dev: -0.7,
  "co.uk": -0.6,
  de: -0.65,
  ca: -0.7,
  "com.au": -0.7,
  uk: -0.75,
  fr: -0.8,
  nl: -0.8,
  us: -0.85,
  me: -0.85,
  tv: -0.85,
  xyz: -1.2,
  info: -1.0,
  biz: -1.1,
  online: -1.2,
  site: -1.25,
  top: -1.3,
  club: -1.2,
  shop: -1.0,
  store: -1.1,
};
const OTHER = -1.15;

/** The suffix's log10 factor against .com, and whether it is one buyers know. */
export function tldFactor(tld: string): { log10: number; known: boolean } {
  const known = Object.hasOwn(TLD_LOG_FACTOR, tld);
  return { log10: known ? TLD_LOG_FACTOR[tld] : OTHER, known };
}
