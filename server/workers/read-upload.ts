/**
 * The worker thread that reads uploaded CSV files: parsing, checking every row and adding a
 * report up take hundreds of milliseconds for a large file, which would hold up every other
 * request on the server's own thread. Each export is one task of `runInWorker`.
 */
import type { TAdNetwork } from "../../shared/api/domains";
import { readDomainFile } from "../modules/domains/read-domain-file";
import { readReport } from "../modules/parking/read-report";
import { settle } from "./outcome";

export const parkingReport = (input: { csv: string; network: TAdNetwork }) =>
  settle(() => readReport(input.csv, input.network));

export const domainFile = (input: { csv: string }) => settle(() => readDomainFile(input.csv));
