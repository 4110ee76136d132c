import { XMLParser } from "fast-xml-parser";

/**
 * A service's XML answer as plain objects, as fast-xml-parser reads it with attributes left out
 * and every value kept as text; the elements named in `arrays` are arrays even when one is there.
 * A day of a parking network's statistics is megabytes of XML (10,000 names), which takes the
 * parser a few hundred milliseconds: it runs in a worker thread, not on the one answering requests.
 */
export function readXml(input: { xml: string; arrays: string[] }): unknown {
  const arrays = new Set(input.arrays);
  const parser = new XMLParser({
    ignoreAttributes: true,
    isArray: (name) => arrays.has(name),
    parseTagValue: false,
  });
  return parser.parse(input.xml);
}
