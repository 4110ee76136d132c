import { requireOnce } from "../../lib/load-once";

/** qrcode, loaded with the first banner drawn rather than with every start. */
const qrcode = requireOnce<typeof import("qrcode")>("qrcode");

const FONT = "DejaVu Sans, Arial, Helvetica, sans-serif";
const BRAND = "#047857";
const escapeXml = (text: string) => text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The QR code of `text` as one SVG path of unit squares, `size` modules wide (with no quiet zone). */
function qrPath(text: string): { d: string; size: number } {
  const qr = qrcode().create(text, { errorCorrectionLevel: "M" });
  const { size, data } = qr.modules;
  let d = "";
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) if (data[y * size + x]) d += `M${x} ${y}h1v1h-1z`;
  }
  return { d, size };
}

/** A QR code at (x, y), `px` wide, on a white square with a quiet zone of two modules. */
function qrGroup(text: string, x: number, y: number, px: number): string {
  const { d, size } = qrPath(text);
  const total = size + 4;
  const scale = px / total;
  return `<g transform="translate(${x} ${y}) scale(${scale})"><rect width="${total}" height="${total}" fill="#fff"/><path transform="translate(2 2)" d="${d}" fill="#0f172a"/></g>`;
}

const text = (x: number, y: number, size: number, body: string, extra = "") =>
  `<text x="${x}" y="${y}" font-family="${FONT}" font-size="${size}" ${extra}>${escapeXml(body)}</text>`;

function button(x: number, y: number, w: number, h: number, label: string): string {
  const size = Math.round(h * 0.45);
  return `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="${Math.round(h / 4)}" fill="#fbbf24"/>${text(
    x + w / 2,
    y + h / 2 + size * 0.35,
    size,
    label,
    'font-weight="bold" fill="#0f172a" text-anchor="middle"',
  )}`;
}

/** A standard-size banner with the affiliate's link in its QR code (where the size has room for one). */
export function bannerSvg(options: { width: number; height: number; link: string }): string {
  const { width: w, height: h, link } = options;
  const parts: string[] = [
    `<rect width="${w}" height="${h}" fill="${BRAND}"/>`,
    `<rect x="1" y="1" width="${w - 2}" height="${h - 2}" fill="none" stroke="#065f46" stroke-width="2"/>`,
  ];
  const white = 'fill="#fff" font-weight="bold"';
  const pale = 'fill="#d1fae5"';
  if (w / h >= 3) {
    // Leaderboard, billboard, mobile banner: one row.
    const qr = h >= 90 ? h - 16 : 0;
    const brand = Math.round(h * (h >= 200 ? 0.2 : 0.34));
    parts.push(text(Math.round(h * 0.2), Math.round(h * 0.46), brand, "ParkPilot", white));
    parts.push(
      text(
        Math.round(h * 0.2),
        Math.round(h * 0.8),
        Math.round(brand * 0.55),
        "Make every domain you own earn",
        pale,
      ),
    );
    const bw = Math.round(Math.min(w * 0.22, h * 2.2));
    const bh = Math.round(Math.min(h * 0.5, 56));
    parts.push(button(w - bw - qr - (qr ? 24 : 10), Math.round((h - bh) / 2), bw, bh, "Start free"));
    if (qr) parts.push(qrGroup(link, w - qr - 8, 8, qr));
  } else if (h / w >= 2) {
    // Skyscrapers: stacked.
    const brand = Math.round(w * 0.16);
    parts.push(text(w / 2, Math.round(h * 0.1), brand, "ParkPilot", `${white} text-anchor="middle"`));
    const line = Math.round(w * 0.085);
    for (const [i, l] of ["Make every", "domain you own", "earn: parking,", "leads and sales"].entries()) {
      parts.push(text(w / 2, Math.round(h * 0.2) + i * line * 1.4, line, l, `${pale} text-anchor="middle"`));
    }
    const qr = Math.round(w * 0.7);
    parts.push(qrGroup(link, Math.round((w - qr) / 2), Math.round(h * 0.47), qr));
    const bh = Math.round(w * 0.2);
    parts.push(
      button(Math.round(w * 0.1), h - bh - Math.round(h * 0.04), Math.round(w * 0.8), bh, "Start free"),
    );
  } else {
    // Medium rectangle: text left, QR right.
    parts.push(text(18, 44, 30, "ParkPilot", white));
    for (const [i, l] of ["Make every domain", "you own earn:", "parking, leads", "and sales."].entries()) {
      parts.push(text(18, 80 + i * 20, 15, l, pale));
    }
    parts.push(qrGroup(link, w - 112, 92, 96));
    parts.push(button(18, h - 62, 150, 40, "Start free"));
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}" role="img"><title>ParkPilot: make every domain you own earn</title>${parts.join("")}</svg>`;
}

/** The QR code alone, `px` square. */
export function qrSvg(link: string, px: number): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${px}" height="${px}" viewBox="0 0 ${px} ${px}">${qrGroup(link, 0, 0, px)}</svg>`;
}
