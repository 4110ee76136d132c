import { describe, expect, it } from "vitest";
import { answerText, ConnectorError, MAX_ANSWER_BYTES } from "./connector";

const MB = 2 ** 20;

/** An answer streamed in `chunks`, saying whether the reader stopped it and how many chunks it pulled. */
function streamed(chunks: Uint8Array[], headers: Record<string, string> = {}) {
  const seen = { pulled: 0, cancelled: false };
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      const chunk = chunks[seen.pulled];
      seen.pulled += 1;
      if (chunk) controller.enqueue(chunk);
      else controller.close();
    },
    cancel() {
      seen.cancelled = true;
    },
  });
  return { res: new Response(body, { headers }), seen };
}

describe("reading a service's answer", () => {
  it("reads an answer within the limit whole, a character split between two chunks included", async () => {
    const bytes = new TextEncoder().encode("<stats>Zürich €12.50</stats>");
    const split = bytes.indexOf(0xc3) + 1; // inside the two bytes of "ü"
    const { res } = streamed([bytes.slice(0, split), bytes.slice(split)]);

    expect(await answerText("Sedo", res, MB)).toBe("<stats>Zürich €12.50</stats>");
  });

  it("refuses an answer that grows past the limit, and stops downloading it", async () => {
    const chunk = new Uint8Array(256 * 1024).fill(0x61);
    const { res, seen } = streamed(Array.from({ length: 16 }, () => chunk));

    const refused = await answerText("Sedo", res, MB).catch((error: unknown) => error);

    expect(refused).toBeInstanceOf(ConnectorError);
    expect(refused).toMatchObject({
      failure: "refused",
      message: "Sedo's answer was larger than the 1 MB a connector reads.",
    });
    expect(seen.cancelled).toBe(true);
    expect(seen.pulled).toBeLessThan(16);
  });

  it("says an answer that breaks off mid-way came from a service out of reach", async () => {
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode("<stats><item>"));
        controller.error(new TypeError("terminated"));
      },
    });

    const broken = await answerText("Above.com", new Response(body)).catch((error: unknown) => error);

    expect(broken).toBeInstanceOf(ConnectorError);
    expect(broken).toMatchObject({ failure: "unavailable", message: "Above.com's answer broke off." });
  });

  it("refuses an answer that declares a larger length before reading any of it", async () => {
    const { res, seen } = streamed([new Uint8Array(10)], { "content-length": String(MAX_ANSWER_BYTES + 1) });

    await expect(answerText("GoDaddy", res)).rejects.toThrow(
      "GoDaddy's answer was larger than the 64 MB a connector reads.",
    );
    expect(seen.cancelled).toBe(true);
  });
});
