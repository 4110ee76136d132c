/** The fixed cast of the demo portfolio: names, places and people. */
import { AD_NETWORKS } from "../../shared/prices";

export const DEMO_TIME_ZONE = "America/New_York";
export const DEMO_NAMESERVERS = "ns1.parkpilot.io, ns2.parkpilot.io";
/** Seeded referral users share this address domain, so a re-seed removes them and no one else. */
export const DEMO_REFERRAL_EMAIL_DOMAIN = "referrals.parkpilot.example";

/** About 25 domains of a car-insurance lead portfolio; networks rotate over the five. */
export const DEMO_DOMAIN_NAMES = [
  "autoquotehub.com",
  "carinsurancedeals.net",
  "drivesafequotes.com",
  "quickautocover.com",
  "compareautorates.net",
  "teendriverinsurance.org",
  "lowcostcarinsure.com",
  "fleetcoverage.io",
  "classiccarpolicy.com",
  "gapinsurancequotes.net",
  "rideshareinsure.com",
  "evcarinsurance.co",
  "seniordriverrates.com",
  "sr22filingnow.com",
  "motorbikecover.net",
  "rvinsurancehub.com",
  "nocreditcheckauto.com",
  "bundlehomeauto.com",
  "usedcarwarranty.info",
  "autoclaimhelp.com",
  "roadsideplans.net",
  "newdriverdeals.com",
  "carpoolcover.com",
  "commuterpolicy.com",
  "hometitlequotes.com",
] as const;

/** The ad network of the demo's domain at `index`: the five networks in turn. */
export const demoNetworkOf = (index: number) => AD_NETWORKS[index % AD_NETWORKS.length];

/** The last demo domain still waits for its verification record: it is pending. */
export const isPendingDemoDomain = (index: number) => index === DEMO_DOMAIN_NAMES.length - 1;

/**
 * The first day of the committed sample parking reports (samples/parking-reports/). Every demo
 * domain was acquired before it, so that each sample imports into the demo account.
 */
export const DEMO_ACQUIRED_BEFORE = Date.parse("2025-02-01T00:00:00Z");

/** Real ZIP codes with their city and state, for the demo's leads. */
export const DEMO_PLACES = [
  { zipCode: "10001", city: "New York", state: "NY" },
  { zipCode: "90210", city: "Beverly Hills", state: "CA" },
  { zipCode: "60601", city: "Chicago", state: "IL" },
  { zipCode: "77002", city: "Houston", state: "TX" },
  { zipCode: "85004", city: "Phoenix", state: "AZ" },
  { zipCode: "19103", city: "Philadelphia", state: "PA" },
  { zipCode: "33131", city: "Miami", state: "FL" },
  { zipCode: "98101", city: "Seattle", state: "WA" },
  { zipCode: "30303", city: "Atlanta", state: "GA" },
  { zipCode: "80202", city: "Denver", state: "CO" },
] as const;

export const DEMO_FIRST_NAMES = [
  "alex",
  "sam",
  "jamie",
  "taylor",
  "morgan",
  "casey",
  "riley",
  "jordan",
] as const;
export const DEMO_LAST_NAMES = [
  "smith",
  "garcia",
  "nguyen",
  "patel",
  "johnson",
  "kim",
  "brown",
  "lopez",
] as const;

/** People the demo owner referred: three signed up and buy, one invitation is still open. */
export const DEMO_REFERRALS = [
  { name: "Maya Chen", username: "maya_chen", level: 2, joined: true },
  { name: "Jordan Ellis", username: "jordan_ellis", level: 1, joined: true },
  { name: "Priya Raman", username: "priya_raman", level: 3, joined: true },
  { name: "Luis Ortega", username: "luis_ortega", level: 1, joined: false },
] as const;
