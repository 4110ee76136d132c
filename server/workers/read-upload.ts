/**
 * The worker thread that reads uploaded CSV files and large answers of connected services:
 * parsing, checking every row and adding a report up take hundreds of milliseconds for a large
 * file, which would hold up every other request on the server's own thread. Each export is one
 * task of `runInWorker`.
 */
import type { TAdNetwork } from "../../shared/api/domains";
import { settle } from "./outcome";
import { readDomainFile } from "./read-domain-file";
import { readReport } from "./read-report";
import { readXmlRecords } from "./read-xml";

export const parkingReport = (input: { csv: string; network: TAdNetwork }) =>
  settle(() => readReport(input.csv, input.network));

export const domainFile = (input: { csv: string }) => settle(() => readDomainFile(input.csv));

export const xmlRecords = (input: { xml: string; records: string[] }) =>
  settle(async () => readXmlRecords(input));
