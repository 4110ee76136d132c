import { inflateSync } from "node:zlib";

/**
 * The text of a PDF the app generated (pdfkit, standard fonts): each content stream inflated,
 * the hex strings of its TJ operators decoded, one line per operator. Enough to read a receipt.
 */
export function pdfText(pdf: Buffer): string {
  const lines: string[] = [];
  const raw = pdf.toString("latin1");
  const streams = /stream\r?\n([\s\S]*?)\r?\nendstream/g;
  for (let match = streams.exec(raw); match; match = streams.exec(raw)) {
    let content: string;
    try {
      content = inflateSync(Buffer.from(match[1], "latin1")).toString("latin1");
    } catch {
      content = match[1];
    }
    for (const op of content.matchAll(/\[([^\]]*)\]\s*TJ/g)) {
      const hex = [...op[1].matchAll(/<([0-9a-fA-F]*)>/g)].map((h) =>
        Buffer.from(h[1], "hex").toString("latin1"),
      );
      if (hex.length) lines.push(hex.join(""));
    }
  }
  return lines.join("\n");
}
