import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { sampleReports } from "./sample-reports";

/**
 * `npm run samples:reports`: writes each network's sample parking report for the last 30 days
 * into samples/parking-reports/recent/ (not committed), so that importing one moves today's and
 * this month's figures. The committed files beside it show each export's format.
 */
const folder = path.resolve(import.meta.dirname, "../samples/parking-reports/recent");
await mkdir(folder, { recursive: true });
const today = new Date().toISOString().slice(0, 10);
for (const [network, csv] of Object.entries(sampleReports({ today }))) {
  await writeFile(path.join(folder, `${network}.csv`), csv);
}
console.log(
  `Wrote the last 30 days of each network's sample report to ${path.relative(process.cwd(), folder)}/`,
);
