// A feed's problems and how they read, apart from the reader (no validation library, no CSV
// parser), so the dashboard's page can print them in the browser too.

export type FeedColumn =
  | "stock_number"
  | "make"
  | "model"
  | "variant"
  | "year"
  | "body_type"
  | "fuel"
  | "transmission"
  | "drive"
  | "mileage_km"
  | "service_history"
  | "previous_owners"
  | "colour"
  | "engine_cc"
  | "doors"
  | "seats"
  | "equipment"
  | "price_zar"
  | "negotiable"
  | "province"
  | "city"
  | "description"
  | "phone"
  | "show_phone"
  | "photos";

/** One problem: the line of the CSV file (the header is line 1) or the car's place in the JSON array, and the column. */
export interface FeedIssue {
  line: number;
  column?: FeedColumn;
  message: string;
}

/** A problem of the file itself (not a row): no line. */
export interface FeedFileIssue {
  message: string;
}

/** "line 7, price_zar: The price must be …" (CSV) or "car 7, …" (JSON). */
export function formatFeedIssue(issue: FeedIssue | FeedFileIssue, format: "csv" | "json" = "csv"): string {
  if (!("line" in issue)) return issue.message;
  return `${format === "json" ? "car" : "line"} ${issue.line}${issue.column ? `, ${issue.column}` : ""}: ${issue.message}`;
}

