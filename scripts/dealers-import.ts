// Dealer import: `npm run dealers:import -- FILE [--dry-run]` (see docs/dealers-import.md).
// Opens the database exactly like the server (DATABASE_URL, else PGlite in DATA_DIR). On PGlite
// only one process may open the data folder: stop the server, import, start it again.
import { formatFromPath, formatIssue, parseDealers } from "../app/features/dealers/import";
import { importDealers } from "../app/features/dealers/import.server";
import { runRowImport } from "./import-command";

process.exitCode = await runRowImport(process.argv.slice(2), {
  what: "dealers",
  usage: "Usage: npm run dealers:import -- FILE [--dry-run]   (FILE ends in .csv or .json)",
  formatFromPath,
  parse: parseDealers,
  formatIssue,
  write: importDealers,
});
