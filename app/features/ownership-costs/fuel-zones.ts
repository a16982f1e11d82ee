import type { FuelZone } from "./cost-figures";

// Which of the Department of Mineral and Petroleum Resources' two published price zones a
// province's drivers pay. The department sets the petrol price at the coast (the refineries and
// import harbours: Cape Town, Mossel Bay, Gqeberha, East London, Durban) and inland, where the
// transport up from the coast is added ("Gauteng" in its tables). Coastal towns of the three coastal
// provinces pay the coastal price; the six inland provinces pay the inland one. The Northern Cape
// is inland in the department's zones: its towns are supplied by road or pipeline from the
// refineries, as the Free State's are. Towns inland of a coastal province (Pietermaritzburg,
// Worcester) pay a few cents more than the coast: the province's zone is the nearest published price.
export const provinceFuelZones: Readonly<Record<string, FuelZone>> = {
  "western-cape": "coastal",
  "eastern-cape": "coastal",
  "kwazulu-natal": "coastal",
  gauteng: "inland",
  "free-state": "inland",
  limpopo: "inland",
  mpumalanga: "inland",
  "north-west": "inland",
  "northern-cape": "inland",
};

/** The fuel price zone of a province (inland for a province the table does not name). */
export function fuelZoneOf(province: string): FuelZone {
  return provinceFuelZones[province] ?? "inland";
}
