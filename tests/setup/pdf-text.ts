import { inflateSync } from "node:zlib";

/**
 * The text a PDF shows, one entry per text run, as pdfkit writes it with the standard fonts
 * (compressed content streams, each run a `[<hex> kerning <hex>] TJ`): enough to read what a
 * generated receipt says without a PDF library.
 */
export function pdfText(pdf: Buffer): string[] {
  const runs: string[] = [];
  let at = 0;
  for (;;) {
    const start = pdf.indexOf("stream\n", at);
    if (start < 0) return runs;
    const end = pdf.indexOf("\nendstream", start);
    at = end + "\nendstream".length;
    let content: string;
    try {
      content = inflateSync(pdf.subarray(start + "stream\n".length, end)).toString("latin1");
    } catch {
      continue; // not a compressed content stream (a font, an image)
    }
    for (const run of content.matchAll(/\[(.*?)\] TJ/g)) {
      const parts = [...run[1].matchAll(/<([0-9a-f]*)>/g)].map((hex) =>
        Buffer.from(hex[1], "hex").toString("latin1"),
      );
      runs.push(parts.join(""));
    }
  }
}
