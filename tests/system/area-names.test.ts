import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * docs/architecture.md#areas lists every product area once, with its part in each of the three
 * places an area lives; each part carries the area's own name. A folder of client/src/features or
 * server/modules, or a file or folder of shared/api, that the table does not list fails here, and
 * so does a part the table names that does not exist.
 */
const root = path.resolve(import.meta.dirname, "../..");
const NONE = "—";

type TRow = { area: string; client: string; server: string; shared: string };

function areasTable(): TRow[] {
  const doc = readFileSync(path.join(root, "docs/architecture.md"), "utf8");
  const section = doc.split(/^## /m).find((part) => part.startsWith("Areas\n"));
  if (!section) throw new Error("docs/architecture.md has no “Areas” section");
  const cells = (line: string) =>
    line
      .split("|")
      .slice(1, -1)
      .map((cell) => cell.trim().replace(/^`(.*)`$/, "$1"));
  return section
    .split("\n")
    .filter((line) => line.startsWith("| `"))
    .map((line) => {
      const [area, client, server, shared] = cells(line);
      return { area, client, server, shared };
    });
}

const folders = (dir: string) =>
  readdirSync(path.join(root, dir), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
/** shared/api's entries as the table writes them: `<area>.ts` for a file, `<area>/` for a folder. */
const sharedEntries = () =>
  readdirSync(path.join(root, "shared/api"), { withFileTypes: true }).map((entry) =>
    entry.isDirectory() ? `${entry.name}/` : entry.name,
  );

const listed = (rows: TRow[], column: "client" | "server" | "shared") =>
  rows.map((row) => row[column]).filter((cell) => cell !== NONE);
const sorted = (names: string[]) => [...names].sort();

describe("the areas table of docs/architecture.md", () => {
  const rows = areasTable();

  it("lists each area once", () => {
    expect(rows.length).toBeGreaterThan(20);
    const areas = rows.map((row) => row.area);
    expect(areas.filter((area, i) => areas.indexOf(area) !== i)).toEqual([]);
  });

  it("gives each part its area's own name", () => {
    const misnamed = rows.filter(
      ({ area, client, server, shared }) =>
        ![NONE, area].includes(client) ||
        ![NONE, area].includes(server) ||
        ![NONE, `${area}.ts`, `${area}/`].includes(shared),
    );
    expect(misnamed).toEqual([]);
  });

  it("names exactly the features of client/src/features", () => {
    expect(sorted(listed(rows, "client"))).toEqual(sorted(folders("client/src/features")));
  });

  it("names exactly the modules of server/modules", () => {
    expect(sorted(listed(rows, "server"))).toEqual(sorted(folders("server/modules")));
  });

  it("names exactly the files and folders of shared/api", () => {
    expect(sorted(listed(rows, "shared"))).toEqual(sorted(sharedEntries()));
  });
});
