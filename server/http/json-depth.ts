/** Deeper JSON than this is refused before it is parsed: no request of the product nests past 5. */
export const MAX_JSON_DEPTH = 32;

const OPEN_BRACE = 0x7b;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACE = 0x7d;
const CLOSE_BRACKET = 0x5d;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/** The deepest nesting of objects and arrays in raw JSON, found in one pass without parsing it. */
export function jsonDepth(raw: Uint8Array): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < raw.length; i++) {
    const byte = raw[i];
    if (inString) {
      if (byte === BACKSLASH) i++;
      else if (byte === QUOTE) inString = false;
    } else if (byte === QUOTE) inString = true;
    else if (byte === OPEN_BRACE || byte === OPEN_BRACKET) {
      depth++;
      if (depth > deepest) deepest = depth;
    } else if (byte === CLOSE_BRACE || byte === CLOSE_BRACKET) depth--;
  }
  return deepest;
}

/**
 * `express.json`'s `verify` hook: runs on the raw bytes before `JSON.parse`, so that no
 * recursive walk (the NUL check, zod) ever meets a body nested thousands of levels deep.
 */
export function refuseDeepJson(_req: unknown, _res: unknown, raw: Buffer): void {
  if (jsonDepth(raw) > MAX_JSON_DEPTH) {
    throw Object.assign(new Error(`JSON may nest at most ${MAX_JSON_DEPTH} levels`), {
      status: 400,
      expose: true,
      type: "entity.too.deep",
    });
  }
}
