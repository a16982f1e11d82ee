// Banner import: `npm run banners:import -- FILE [--dry-run]` (see docs/banners-import.md).
// Opens the database exactly like the server (DATABASE_URL, else PGlite in DATA_DIR). On PGlite
// only one process may open the data folder: stop the server, import, start it again. A running
// server on PostgreSQL shows the new banners within a minute (its banner list is cached that long).
import fs from "node:fs";
import path from "node:path";
import { formatFromPath, formatIssue, parseBanners } from "../app/features/banners/import";
import { importBanners } from "../app/features/banners/import.server";
import { runRowImport } from "./import-command";

const PUBLIC_DIR = path.resolve(import.meta.dirname, "../public");

/** An image path of the site (/banners/x.webp) is a file of the public folder. */
function publicFileExists(sitePath: string): boolean {
  const file = path.resolve(PUBLIC_DIR, `.${decodeURIComponent(sitePath)}`);
  return file.startsWith(`${PUBLIC_DIR}${path.sep}`) && fs.statSync(file, { throwIfNoEntry: false })?.isFile() === true;
}

process.exitCode = await runRowImport(process.argv.slice(2), {
  what: "banners",
  usage: "Usage: npm run banners:import -- FILE [--dry-run]   (FILE ends in .csv or .json)",
  formatFromPath,
  parse: (text, format) => parseBanners(text, format, publicFileExists),
  formatIssue,
  write: importBanners,
});
