import { leadsExportLoader } from "~/features/dealers/dashboard/leads-page.server";
import type { Route } from "./+types/leads-export";

// GET /mon-compte/concession/{dealerId}/prospects.csv: the dealer's leads under the page's filters, as CSV.
export async function loader({ request, params }: Route.LoaderArgs) {
  return leadsExportLoader(request, params);
}
