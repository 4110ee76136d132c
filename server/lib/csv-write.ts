const NUMBER = /^-?\d+(\.\d+)?$/;
/** What a spreadsheet runs as a formula when the file is opened (OWASP CSV injection). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One CSV cell. A text that a spreadsheet would run as a formula (starting with = + - @, tab or
 * carriage return) is prefixed with an apostrophe; plain numbers, negative ones included, stay numbers.
 */
export function csvCell(value: string | number): string {
  let text = String(value);
  if (!NUMBER.test(text) && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** Rows of cells as a CSV document: CRLF line ends, the last line ended too (RFC 4180). */
export function csvDocument(rows: readonly (readonly (string | number)[])[]): string {
  return `${rows.map((row) => row.map(csvCell).join(",")).join("\r\n")}\r\n`;
}
