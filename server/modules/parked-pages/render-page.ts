import { createHash } from "node:crypto";
import escapeHtml from "escape-html";
import type { TPageBlock, TPageBody } from "../../../shared/api/parked-pages";
import { LEAD_CONSENT } from "../../../shared/lead-consent";
import { formatUsd } from "../../../shared/money";
import { TEMPLATES } from "./templates";

/** What a page needs beyond its blocks. */
export interface PageContext {
  domainName: string;
  /** The marketplace asking price when the domain is listed and its owner shows it on the page, else null. */
  listingPrice: string | null;
  /** The product's own address, for the privacy link. */
  appUrl: string;
  /** Where an uploaded image is read (the parked host's path unless told: the builder's preview reads it from the API). */
  imageUrl?: (imageId: string) => string;
  /** A variant of a running split test: the page tells the server it was seen by a browser that runs scripts. */
  countView?: boolean;
}

export interface RenderedPage {
  html: string;
  /** The Content-Security-Policy that lets exactly this page's inline style and script run. */
  csp: string;
}

/**
 * The one inline script, present only when the page has a form: it posts the lead form to
 * `/api/leads` (the visit's host attributes it) and the contact form to `/__pp/contact`.
 */
export const FORM_SCRIPT = `document.querySelectorAll("form[data-pp]").forEach((f)=>f.addEventListener("submit",(e)=>{e.preventDefault();const m=f.querySelector(".msg"),d={},lead=f.dataset.pp==="lead";new FormData(f).forEach((v,k)=>{d[k]=String(v).trim()});if(lead){if(!/^[^@\\s]+@[^@\\s]+\\.[^@\\s]+$/.test(d.email)){m.textContent="Please enter a valid email address";return}if(!/^\\d{5}$/.test(d.zipCode)){m.textContent="ZIP code must be exactly 5 digits";return}d.source="car-insurance-landing";d.value=75}const b=f.querySelector("button");b.disabled=true;fetch(lead?"/api/leads":"/__pp/contact",{method:"POST",headers:{"content-type":"application/json"},body:JSON.stringify(d)}).then((r)=>r.json().then((j)=>{if(!r.ok)throw new Error(j.message||"Something went wrong, please try again.");f.reset();m.textContent=lead?"Thank you! Your quotes are ready.":"Your message was sent.";if(lead&&j.quotesUrl){const a=document.createElement("a");a.href=j.quotesUrl;a.target="_blank";a.rel="noopener";a.textContent="See your quotes";m.append(" ",a)}})).catch((x)=>{m.textContent=x.message}).finally(()=>{b.disabled=false})}))`;

/**
 * The split-tested page's one line: a browser that runs scripts and is not driven by automation
 * tells the server it saw the page (`/__pp/seen`), and only then is the visitor counted.
 */
export const VIEW_SCRIPT = `if(!navigator.webdriver)navigator.sendBeacon("/__pp/seen")`;

const sha256 = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;
const SCRIPT_HASH = sha256(FORM_SCRIPT);
const VIEW_HASH = sha256(VIEW_SCRIPT);
const STYLE_HASHES = Object.fromEntries(Object.entries(TEMPLATES).map(([k, t]) => [k, sha256(t.css)]));

const e = (text: string) => escapeHtml(text);

/** The listing's price with Buy now and Make offer, both through `/__pp/buy` to the listing's page. */
function saleBanner(text: string, price: string): string {
  return (
    `<aside class="sale" aria-label="For sale"><p>${e(text)}</p><p class="price">${e(formatUsd(price))}</p>` +
    `<p class="act"><a href="/__pp/buy">Buy now</a><a href="/__pp/buy?offer=1">Make offer</a></p></aside>`
  );
}

/**
 * The blocks as HTML, and the for-sale banner where the page has no for-sale block of its own
 * (every listed name advertises itself, on every template, builder or not): after the first
 * headline when the page opens with one, else first.
 */
function renderBody(page: TPageBody, ctx: PageContext, heading: "h1" | "h2"): string {
  const parts = page.blocks.map((b, i) => renderBlock(b, i, ctx, heading));
  if (ctx.listingPrice && !page.blocks.some((b) => b.type === "forSale")) {
    const at = page.blocks[0]?.type === "headline" ? 1 : 0;
    parts.splice(at, 0, saleBanner(`${ctx.domainName} is for sale.`, ctx.listingPrice));
  }
  return parts.join("");
}

function renderBlock(block: TPageBlock, index: number, ctx: PageContext, heading: "h1" | "h2"): string {
  switch (block.type) {
    case "headline":
      // `text` was sanitised on save (sanitize-blocks.ts); everything else here is escaped.
      return `<section class="headline"><${heading}>${e(block.headline)}</${heading}>${block.text ? `<div>${block.text}</div>` : ""}</section>`;
    case "image":
      return `<figure><img src="${e(ctx.imageUrl?.(block.imageId) ?? `/__pp/img/${block.imageId}`)}" alt="${e(block.alt)}"></figure>`;
    case "leadForm":
      return (
        `<section class="lead"><h2>${e(block.heading)}</h2><form data-pp="lead" novalidate>` +
        `<label>Email<input name="email" type="email" autocomplete="email" required></label>` +
        `<label>ZIP code<input name="zipCode" inputmode="numeric" maxlength="5" autocomplete="postal-code" required></label>` +
        `<button type="submit">Get Free Quotes Now</button><p class="consent">${e(LEAD_CONSENT.text)}</p>` +
        `<p class="msg" role="status" aria-live="polite"></p></form></section>`
      );
    case "forSale":
      return ctx.listingPrice
        ? saleBanner(block.text, ctx.listingPrice)
        : `<aside class="sale"><p>${e(block.text)}</p></aside>`;
    case "links":
      return (
        `<nav class="links" aria-label="${e(block.title)}"><h2>${e(block.title)}</h2><ul>` +
        block.links
          .map((l, j) => `<li><a href="/__pp/go?b=${index}&amp;l=${j}" rel="nofollow">${e(l.label)}</a></li>`)
          .join("") +
        "</ul></nav>"
      );
    case "contact":
      return (
        `<section class="contact"><h2>${e(block.heading)}</h2><form data-pp="contact" novalidate>` +
        `<label>Your email<input name="email" type="email" autocomplete="email" required></label>` +
        `<label>Message<textarea name="message" rows="4" maxlength="2000" required></textarea></label>` +
        `<button type="submit">Send message</button><p class="msg" role="status" aria-live="polite"></p></form></section>`
      );
    case "redirect":
      return "";
  }
}

/** The address a page sends its visitors to instead of showing itself, if it has a redirect block. */
export function redirectOf(page: TPageBody): string | null {
  const block = page.blocks.find((b) => b.type === "redirect");
  return block?.type === "redirect" ? block.url : null;
}

/**
 * A parked page as HTML (docs/product.md#parked-pages): the template's stylesheet inline, the
 * blocks in order, and the form script only when a form is on it. Readable without any script.
 */
export function renderPage(page: TPageBody, ctx: PageContext): RenderedPage {
  const look = TEMPLATES[page.template];
  const heading = look.eyebrow === null ? "h1" : "h2";
  const body = renderBody(page, ctx, heading);
  const hasForm = page.blocks.some((b) => b.type === "leadForm" || b.type === "contact");
  const first = page.blocks.find((b) => b.type === "headline");
  const description = first?.type === "headline" ? first.headline : ctx.domainName;
  const header =
    look.eyebrow === null ? "" : `<header><p>${e(look.eyebrow)}</p><h1>${e(ctx.domainName)}</h1></header>`;
  const footer = `<footer>${look.footer ? `${e(look.footer)} ` : ""}<a href="${e(ctx.appUrl)}/privacy">Privacy</a></footer>`;
  const html =
    `<!doctype html><html lang="en"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width,initial-scale=1"><title>${e(ctx.domainName)}</title>` +
    `<meta name="description" content="${e(description)}"><style>${look.css}</style></head>` +
    `<body class="t-${page.template}">${header}<main>${body}</main>${footer}` +
    (hasForm ? `<script>${FORM_SCRIPT}</script>` : "") +
    (ctx.countView ? `<script>${VIEW_SCRIPT}</script>` : "") +
    "</body></html>";
  const scripts = [hasForm ? SCRIPT_HASH : "", ctx.countView ? VIEW_HASH : ""].filter(Boolean);
  const csp = [
    "default-src 'none'",
    `style-src ${STYLE_HASHES[page.template]}`,
    `script-src ${scripts.length > 0 ? scripts.join(" ") : "'none'"}`,
    "img-src 'self'",
    "connect-src 'self'",
    "form-action 'self'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ].join("; ");
  return { html, csp };
}
