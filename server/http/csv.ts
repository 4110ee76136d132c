import { CsvError, type Options, parse as parseStream } from "csv-parse";
import { AppError } from "./app-error";

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

/** Characters of the file given to the parser at a time, so that a refused file stops early. */
const SLICE = 16 * 1024;

/** Refuses a cell a spreadsheet would run as a formula, or one too long to be a value. */
function checkCells(record: string[], line: number): void {
  for (const cell of record) {
    if (FORMULA_START.test(cell)) {
      throw new AppError(
        "UNPROCESSABLE",
        `Line ${line}: the cell “${cell.slice(0, 40)}” starts with ${JSON.stringify(cell[0])}, which spreadsheets run as a formula. Remove it and upload again.`,
      );
    }
    if (cell.length > MAX_CELL_LENGTH)
      throw new AppError("UNPROCESSABLE", `Line ${line}: a cell is too long`);
  }
}

/**
 * Parses CSV text into a header and rows. Uploads are parsed in a worker thread
 * (`server/workers/read-upload.ts`), where a 50,000-row file holds up no request. Refuses, with
 * the line at fault: a malformed file, rows of another width than the header, more than
 * `maxRows` rows (as soon as they are seen), overlong cells, and cells a spreadsheet would run
 * as a formula (`=`, `+`, `-`, `@`).
 */
export async function readCsv(text: string, options: { maxRows: number }): Promise<CsvTable> {
  const rows: CsvRow[] = [];
  let failure: unknown;
  const parser = parseStream({
    bom: true,
    delimiter: detectDelimiter(text),
    info: true,
    skip_empty_lines: true,
    skip_records_with_empty_values: true,
    max_record_size: 64 * 1024,
  } satisfies Options);
  parser.on("data", ({ record, info }: InfoRecord) => {
    if (failure) return;
    try {
      if (rows.length > options.maxRows) {
        throw new AppError(
          "PAYLOAD_TOO_LARGE",
          `The file has more than ${options.maxRows.toLocaleString("en-US")} rows`,
        );
      }
      checkCells(record, info.lines);
      rows.push({ line: info.lines, cells: record.map((c) => c.trim()) });
    } catch (error) {
      failure = error;
    }
  });
  const ended = new Promise<void>((resolve) => {
    parser.on("end", resolve);
    parser.on("error", (error) => {
      failure ??=
        error instanceof CsvError
          ? new AppError("UNPROCESSABLE", `The file is not valid CSV: ${error.message}`)
          : error;
      resolve();
    });
  });
  for (let at = 0; at < text.length && !failure; ) {
    let end = Math.min(at + SLICE, text.length);
    // Never split a surrogate pair (an emoji, say) between two slices.
    if (end < text.length && /[\ud800-\udbff]/.test(text[end - 1])) end--;
    parser.write(text.slice(at, end));
    at = end;
  }
  parser.end();
  await ended;
  if (failure) throw failure;
  if (rows.length === 0) throw new AppError("UNPROCESSABLE", "The file is empty");
  const [header, ...data] = rows;
  return { header: header.cells, rows: data };
}

/** Header text reduced to what matters for matching: "Estimated earnings (USD)" → "estimatedearningsusd". */
export function headerKey(text: string): string {
  return text.toLowerCase().replace(/[^a-z0-9]/g, "");
}
