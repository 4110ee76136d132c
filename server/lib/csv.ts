import { CsvError, parse } from "csv-parse/sync";
import { AppError } from "../http/app-error";

export interface CsvRow {
  /** Line in the file where the row ends, the header being line 1. */
  line: number;
  cells: string[];
}

export interface CsvTable {
  /** Header cells, as written (trimmed). */
  header: string[];
  rows: CsvRow[];
}

interface InfoRecord {
  record: string[];
  info: { lines: number };
}

const MAX_CELL_LENGTH = 1_000;
/** What a spreadsheet reads as a formula when the file is opened again (OWASP CSV injection). */
const FORMULA_START = /^[=+\-@\t\r]/;
const DELIMITERS = [",", ";", "\t"] as const;

/** Decodes an upload as UTF-8, refusing any other encoding rather than guessing it. */
export function decodeUtf8(bytes: Uint8Array): string {
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw new AppError(
      "UNPROCESSABLE",
      "The file is not UTF-8 text. Save it as “CSV UTF-8” and upload it again.",
    );
  }
}

/** The delimiter the header line uses most: exports from European tools often use `;`. */
function detectDelimiter(text: string): string {
  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  const counts = DELIMITERS.map((d) => firstLine.split(d).length);
  return DELIMITERS[counts.indexOf(Math.max(...counts))];
}

/**
 * Parses CSV text into a header and rows. Refuses, with the line at fault: a malformed file,
 * rows of another width than the header, more than `maxRows` rows, overlong cells, and cells
 * a spreadsheet would run as a formula (`=`, `+`, `-`, `@`).
 */
export function readCsv(text: string, options: { maxRows: number }): CsvTable {
  let records: InfoRecord[];
  try {
    // The package's types do not model `info: true`, which wraps each record with its position.
    records = parse(text, {
      bom: true,
      delimiter: detectDelimiter(text),
      info: true,
      skip_empty_lines: true,
      skip_records_with_empty_values: true,
      max_record_size: 64 * 1024,
    }) as unknown as InfoRecord[];
  } catch (error) {
    if (error instanceof CsvError)
      throw new AppError("UNPROCESSABLE", `The file is not valid CSV: ${error.message}`);
    throw error;
  }
  if (records.length === 0) throw new AppError("UNPROCESSABLE", "The file is empty");
  if (records.length > options.maxRows + 1) {
    throw new AppError(
      "PAYLOAD_TOO_LARGE",
      `The file has more than ${options.maxRows.toLocaleString("en-US")} rows`,
    );
  }
  const rows: CsvRow[] = [];
  for (const { record, info } of records) {
    for (const cell of record) {
      if (FORMULA_START.test(cell)) {
        throw new AppError(
          "UNPROCESSABLE",
          `Line ${info.lines}: the cell “${cell.slice(0, 40)}” starts with ${JSON.stringify(cell[0])}, which spreadsheets run as a formula. Remove it and upload again.`,
        );
      }
      if (cell.length > MAX_CELL_LENGTH)
        throw new AppError("UNPROCESSABLE", `Line ${info.lines}: a cell is too long`);
    }
    rows.push({ line: info.lines, cells: record.map((c) => c.trim()) });
  }
  const [header, ...data] = rows;
  return { header: header.cells, rows: data };
}

/** Header text reduced to what matters for matching: "Estimated earnings (USD)" → "estimatedearningsusd". */
export function headerKey(text: string): string {
  return text.toLowerCase().replace(/[^a-z0-9]/g, "");
}
