import { type CostLine, costLines } from "./cost-of-ownership";

// The lines' names and which a result shows: no figure code here, so the browser's components can
// import it (cost-figures.ts brings the import's file reader along).

export const costLineLabels: Record<CostLine, string> = {
  depreciation: "Depreciation",
  energy: "Fuel or electricity",
  licence: "Licence disc",
  maintenance: "Service and maintenance",
  insurance: "Insurance",
  interest: "Finance interest",
};

/** The lines a page lists: all but those left out. */
export const shownLines = (result: { omitted: readonly CostLine[] }): CostLine[] => costLines.filter((l) => !result.omitted.includes(l));
