// A small CSV writer (RFC 4180): fields with a comma, quote or line break are quoted, quotes
// doubled, lines end in CRLF. Text a spreadsheet would run as a formula (=, +, -, @ first, or a
// tab or carriage return) gets a leading apostrophe, since exported values come from visitors.

export type CsvValue = string | number | boolean | null | undefined;

export function csvField(value: CsvValue): string {
  if (value === null || value === undefined) return "";
  let text = String(value);
  if (typeof value === "string" && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

const csvLine = (values: readonly CsvValue[]): string => `${values.map(csvField).join(",")}\r\n`;

export const toCsv = (rows: readonly (readonly CsvValue[])[]): string => rows.map(csvLine).join("");
