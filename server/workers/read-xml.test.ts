import { describe, expect, it } from "vitest";
import { readXmlRecords } from "./read-xml";

describe("reading a service's XML answer as records", () => {
  it("reads each record's child texts by name, in order, attributes left out", () => {
    const xml = `<?xml version="1.0" encoding="UTF-8"?>
      <SEDOSTATS>
        <item><domain type="xsd:string">a.com</domain><visitors type="xsd:int">12</visitors></item>
        <item><domain type="xsd:string">b.com</domain><visitors type="xsd:int">0</visitors></item>
      </SEDOSTATS>`;
    expect(readXmlRecords({ xml, records: ["item", "SEDOFAULT"] })).toEqual({
      root: "SEDOSTATS",
      complete: true,
      records: {
        item: [
          { domain: "a.com", visitors: "12" },
          { domain: "b.com", visitors: "0" },
        ],
        SEDOFAULT: [],
      },
    });
  });

  it("decodes entities, keeps CDATA, trims white space and takes a nested child's whole text", () => {
    const xml =
      "<r><item><name>Tom &amp; Jerry&apos;s</name><note><![CDATA[<b>5 < 6</b>]]></note>" +
      "<deep>x<em>y</em>z</deep><currency>\n  EUR \n</currency><empty/></item></r>";
    expect(readXmlRecords({ xml, records: ["item"] }).records.item).toEqual([
      { name: "Tom & Jerry's", note: "<b>5 < 6</b>", deep: "xyz", currency: "EUR", empty: "" },
    ]);
  });

  it("says an answer cut short is not complete, and leaves out the record it cut", () => {
    const read = readXmlRecords({
      xml: "<SEDOSTATS><item><domain>a.com</domain></item><item><domain>b.com</domain><visitors>1",
      records: ["item"],
    });
    expect(read.complete).toBe(false);
    expect(read.records.item).toEqual([{ domain: "a.com" }]);
  });

  it("finds a record at any depth, and a record named inside another is part of it", () => {
    const xml = "<a><b><fault><code>E1</code></fault></b><item><code>1</code><item>2</item></item></a>";
    const read = readXmlRecords({ xml, records: ["fault", "item"] });
    expect(read.records.fault).toEqual([{ code: "E1" }]);
    expect(read.records.item).toEqual([{ code: "1", item: "2" }]);
  });

  it("answers no root and no records for what is not XML", () => {
    expect(readXmlRecords({ xml: "Service unavailable", records: ["item"] })).toEqual({
      root: "",
      complete: false,
      records: { item: [] },
    });
  });
});
