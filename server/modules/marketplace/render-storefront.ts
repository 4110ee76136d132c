import type { TMarketplaceListing } from "../../../shared/api/marketplace/listings";
import { formatUsd } from "../../../shared/money";
import type { PublicListing } from "./public-listings";

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c,
  );
const day = (iso: string) =>
  new Date(iso).toLocaleDateString("en-US", {
    year: "numeric",
    month: "short",
    day: "numeric",
    timeZone: "UTC",
  });

const STYLE = `
  body { margin: 0; background: #f8fafc; color: #0f172a; font-family: ui-sans-serif, system-ui, -apple-system, "Segoe UI", sans-serif; }
  header, main, footer { max-width: 64rem; margin: 0 auto; padding: 1.25rem; }
  header a { color: inherit; text-decoration: none; font-weight: 700; }
  h1 { font-size: 1.75rem; margin: .5rem 0 1rem; }
  h2 { font-size: 1.1rem; margin: 1.5rem 0 .75rem; }
  ul.grid { list-style: none; padding: 0; display: grid; gap: .75rem; grid-template-columns: repeat(auto-fill, minmax(15rem, 1fr)); }
  .card { background: #fff; border: 1px solid #e2e8f0; border-radius: .75rem; padding: 1rem; }
  .card a { color: #0f172a; font-weight: 600; text-decoration: none; word-break: break-all; }
  .price { font-size: 1.25rem; font-weight: 700; color: #047857; margin: .25rem 0; }
  .badge { display: inline-block; font-size: .75rem; font-weight: 600; border-radius: 999px; padding: .1rem .55rem; background: #fef3c7; color: #92400e; }
  .muted { color: #475569; font-size: .875rem; }
  .actions { display: flex; gap: .75rem; margin: 1.25rem 0; flex-wrap: wrap; }
  .button { display: inline-block; padding: .65rem 1.1rem; border-radius: .5rem; font-weight: 600; text-decoration: none; }
  .primary { background: #059669; color: #fff; }
  .secondary { background: #fff; color: #0f172a; border: 1px solid #cbd5e1; }
  dl { display: grid; grid-template-columns: max-content 1fr; gap: .4rem 1rem; }
  dt { color: #475569; }
`;

function page(options: { title: string; description: string; canonical: string; body: string }) {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(options.title)}</title>
<meta name="description" content="${escapeHtml(options.description)}">
<link rel="canonical" href="${escapeHtml(options.canonical)}">
<meta name="robots" content="index, follow">
<style>${STYLE}</style>
</head>
<body>
<header><a href="/listings">ParkPilot Domain Marketplace</a></header>
<main>${options.body}</main>
<footer class="muted">Every sale is held in escrow: the seller is paid only once you control the domain.</footer>
</body>
</html>`;
}

const featuredBadge = (until: string) =>
  `<span class="badge">Featured</span> <span class="muted">until ${day(until)}</span>`;

function card(listing: { name: string; price: string; featuredUntil?: string | null }) {
  const href = `/listings/${encodeURIComponent(listing.name)}`;
  return `<li class="card">
  ${listing.featuredUntil ? `${featuredBadge(listing.featuredUntil)}<br>` : ""}
  <a href="${href}">${escapeHtml(listing.name)}</a>
  <div class="price">${formatUsd(listing.price)}</div>
</li>`;
}

/** `/listings`: every domain for sale, featured first, and the ones promoted on the front. */
export function renderStorefront(options: {
  appUrl: string;
  promoted: { name: string; price: string }[];
  listings: TMarketplaceListing[];
  total: number;
}) {
  const promoted = options.promoted.length
    ? `<h2>Featured on ParkPilot</h2><ul class="grid">${options.promoted.map((l) => card(l)).join("")}</ul>`
    : "";
  const all = options.listings.length
    ? `<ul class="grid">${options.listings.map((l) => card(l)).join("")}</ul>`
    : `<p class="muted">No domains are currently listed for sale.</p>`;
  return page({
    title: "Domains for sale · ParkPilot",
    description: `${options.total} domains for sale, each sold through escrow.`,
    canonical: `${options.appUrl}/listings`,
    body: `<h1>Domains for sale</h1>${promoted}<h2>All listings (${options.total})</h2>${all}`,
  });
}

/** `/listings/{name}`: one listing's public page, with Buy now and Make offer. */
export function renderListing(options: { appUrl: string; listing: PublicListing; fromLander?: boolean }) {
  const { listing } = options;
  // A visitor sent by the name's own parked page: the deal they start counts for that lander.
  const id = `${encodeURIComponent(listing.id)}${options.fromLander ? "&amp;from=lander" : ""}`;
  const financing = listing.financing.length
    ? `<dt>Lease to own</dt><dd>${listing.financing.map((f) => `${formatUsd(f.monthly)} a month for ${f.months} months (${f.aprPercent}% APR)`).join("<br>")}</dd>`
    : "";
  return page({
    title: `${listing.name} is for sale · ParkPilot`,
    description: `${listing.name} is for sale for ${formatUsd(listing.price)}. Buy it now or make an offer; the sale is held in escrow.`,
    canonical: `${options.appUrl}/listings/${encodeURIComponent(listing.name)}`,
    body: `${listing.featuredUntil ? featuredBadge(listing.featuredUntil) : ""}
<h1>${escapeHtml(listing.name)}</h1>
<div class="price">${formatUsd(listing.price)}</div>
<div class="actions" id="offer">
  <a class="button primary" href="/marketplace/deals?buy=${id}">Buy now</a>
  <a class="button secondary" href="/marketplace/deals?offer=${id}">Make offer</a>
</div>
<dl>
  <dt>Registered</dt><dd>${day(listing.registrationDate)}</dd>
  <dt>Buyer Protection</dt><dd>${listing.protection ? escapeHtml(listing.protection.summary) : "Escrow with an inspection before the seller is paid"}</dd>
  ${financing}
</dl>`,
  });
}

/** The storefront's page for a name that is not for sale (answered 404). */
export function renderListingNotFound(appUrl: string, name: string) {
  return page({
    title: "Not for sale · ParkPilot",
    description: "This domain is not listed for sale.",
    canonical: `${appUrl}/listings`,
    body: `<h1>${escapeHtml(name)} is not for sale</h1><p><a href="/listings">See every domain for sale</a></p>`,
  });
}

/** The page the newsletter's one-click unsubscribe link opens. */
export function renderUnsubscribed(appUrl: string, done: boolean) {
  return page({
    title: "Newsletter · ParkPilot",
    description: "The weekly email of domains for sale.",
    canonical: `${appUrl}/listings`,
    body: done
      ? `<h1>You are unsubscribed</h1><p>You will no longer get the weekly email of domains for sale. You can turn it on again under Marketplace → Offers &amp; Sales.</p>`
      : `<h1>This link is not valid</h1><p>Copy the whole link from the email, or turn the newsletter off under Marketplace → Offers &amp; Sales.</p>`,
  });
}

/** A 1200×630 share image of a listing (name and price) for a social promotion's post. */
export function renderShareImage(listing: { name: string; price: string }) {
  const size = listing.name.length > 24 ? 56 : 84;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630">
<rect width="1200" height="630" fill="#0f172a"/>
<rect x="60" y="60" width="1080" height="510" rx="32" fill="#ffffff"/>
<text x="120" y="170" font-family="Helvetica, Arial, sans-serif" font-size="36" fill="#047857" font-weight="700">FOR SALE</text>
<text x="120" y="${200 + size}" font-family="Helvetica, Arial, sans-serif" font-size="${size}" fill="#0f172a" font-weight="700">${escapeHtml(listing.name)}</text>
<text x="120" y="430" font-family="Helvetica, Arial, sans-serif" font-size="64" fill="#047857" font-weight="700">${formatUsd(listing.price)}</text>
<text x="120" y="510" font-family="Helvetica, Arial, sans-serif" font-size="28" fill="#475569">Buy now or make an offer on ParkPilot · held in escrow</text>
</svg>`;
}
