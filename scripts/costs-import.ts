// Cost figures import: `npm run costs:import -- FILE [--dry-run]` (see docs/cost-figures.md).
// Opens the database exactly like the server; figures not named in the file stay as they are.
import { formatFromPath, formatIssue, parseCostFigures } from "../app/features/ownership-costs/cost-figures";
import { importCostFigures } from "../app/features/ownership-costs/cost-figures.server";
import { runRowImport } from "./import-command";

process.exitCode = await runRowImport(process.argv.slice(2), {
  what: "cost figures",
  usage: "Usage: npm run costs:import -- FILE [--dry-run]   (FILE ends in .csv or .json)",
  formatFromPath,
  parse: parseCostFigures,
  formatIssue,
  write: importCostFigures,
});
