import type { BodyType, FuelType } from "../../schema/vocabulary";

// Phrase banks for the demo owner reviews: what an owner says about each criterion when it pleases
// them and when it does not, with a few lines that only fit some cars (a bakkie's load bin, an
// electric car's range). Written the way South African owners write on forums: rands, kilometres,
// long trips on the N1, load shedding and potholes.

export type PhraseCriterion = "comfort" | "performance" | "fuelEconomy" | "reliability" | "practicality" | "valueForMoney" | "afterSales";

export const likePhrases: Record<PhraseCriterion, readonly string[]> = {
  comfort: [
    "The ride soaks up our potholed roads far better than my previous car.",
    "Seats are comfortable even after six hours on the N1 to Bloemfontein.",
    "It is quiet at 120 km/h, you can talk without raising your voice.",
    "The air-con copes with a January afternoon in Polokwane without a fuss.",
  ],
  performance: [
    "Plenty of power for overtaking on single-lane roads.",
    "It pulls nicely from low revs, even fully loaded with the family.",
    "Merging onto the highway is effortless, the gearbox is quick and smooth.",
    "Handles the Du Toitskloof Pass with confidence.",
  ],
  fuelEconomy: [
    "Fuel consumption is excellent: I average well under the claimed figure on my commute.",
    "A full tank lasts me almost two weeks of Joburg traffic.",
    "With petrol at these prices, the economy is the main reason I bought it and it delivers.",
    "On a long trip to the coast it used less than I budgeted for.",
  ],
  reliability: [
    "Not a single problem in all the time I have had it, only the scheduled services.",
    "It starts every morning, winter on the Highveld included.",
    "Nothing has rattled or broken, it feels built to last.",
    "Trouble-free so far; the dealer only ever did the routine service.",
  ],
  practicality: [
    "The boot swallows a week's shopping plus the kids' school bags.",
    "Lots of clever storage spaces and the rear seats fold flat.",
    "Easy to park in tight shopping-centre bays and the camera helps.",
    "Enough room for two child seats and a cooler box for the weekend.",
  ],
  valueForMoney: [
    "You get a lot of car and equipment for the money compared to its rivals.",
    "The service plan makes the running costs predictable.",
    "Resale values are strong, which made the monthly instalment easier to justify.",
    "Standard features that cost extra on other brands.",
  ],
  afterSales: [
    "The dealer's service department is friendly and always on time.",
    "Warranty claim was handled quickly without any arguments.",
    "Parts are easy to find, even in smaller towns.",
    "They gave me a courtesy car for the day of the service.",
  ],
};

export const dislikePhrases: Record<PhraseCriterion, readonly string[]> = {
  comfort: [
    "The ride is firm on bad tar and you feel every pothole.",
    "Road noise is noticeable at highway speeds on coarse surfaces.",
    "Rear seats are cramped for adults on longer trips.",
    "The seats lack support after a couple of hours behind the wheel.",
  ],
  performance: [
    "It feels underpowered at altitude in Gauteng, overtaking needs planning.",
    "The gearbox hesitates when you pull away from a robot.",
    "With four adults and luggage it really struggles up hills.",
    "Turbo lag makes it sluggish in stop-start traffic.",
  ],
  fuelEconomy: [
    "Fuel consumption in town is much higher than the brochure claims.",
    "It is thirsty in traffic, I fill up more often than I expected.",
    "Economy drops a lot when the car is loaded or the air-con is on.",
    "The small tank means frequent stops on long trips.",
  ],
  reliability: [
    "A sensor failed within the first year and the car was at the dealer for a week.",
    "There are a few rattles from the dashboard already.",
    "The infotainment screen freezes now and then and needs a restart.",
    "I had an electrical fault that took two visits to sort out.",
  ],
  practicality: [
    "The boot is smaller than it looks and the opening is narrow.",
    "Not enough storage for phones and bottles in the cabin.",
    "Only a space-saver spare wheel, which is a worry on long trips.",
    "Rear visibility is poor and the parking sensors are an option.",
  ],
  valueForMoney: [
    "It has become expensive for what you get after the last price increase.",
    "Insurance was higher than I expected for this class of car.",
    "Some basic features are only on the top version.",
    "Services outside the plan are costly.",
  ],
  afterSales: [
    "Getting a service booking takes weeks at my local dealer.",
    "Communication from the dealer during repairs was poor.",
    "Waited over a month for a part to arrive from overseas.",
    "The dealer network is thin outside the big cities.",
  ],
};

/** Lines that fit only some cars, added to likes when the car is one of them. */
export function specialLikes(bodyType: BodyType, fuels: readonly FuelType[]): string[] {
  const lines: string[] = [];
  if (bodyType === "bakkie" || bodyType === "double-cab") lines.push("The load bin takes a full load of building material for the farm without complaint.");
  if (bodyType === "suv" || bodyType === "crossover") lines.push("The ground clearance is a blessing on gravel roads to the game reserve.");
  if (bodyType === "mpv" || bodyType === "van") lines.push("Seven seats that adults can actually use, perfect for the school run and church.");
  if (fuels.includes("electric")) lines.push("Charging at home overnight costs a fraction of a tank of petrol, even with Eskom's tariffs.");
  if (fuels.includes("hybrid") || fuels.includes("plug-in-hybrid")) lines.push("The hybrid system makes stop-start traffic on the N3 surprisingly cheap.");
  if (fuels.includes("diesel")) lines.push("The diesel engine has loads of torque for towing the caravan.");
  return lines;
}

/** Lines that fit only some cars, added to dislikes when the car is one of them. */
export function specialDislikes(bodyType: BodyType, fuels: readonly FuelType[]): string[] {
  const lines: string[] = [];
  if (bodyType === "bakkie" || bodyType === "double-cab") lines.push("The empty load bin makes the rear skittish on wet roads.");
  if (fuels.includes("electric")) lines.push("Public chargers are scarce outside the cities, so long trips need careful planning around load shedding.");
  return lines;
}

export const titlesByBand: Record<"great" | "good" | "mixed" | "poor", readonly string[]> = {
  great: ["Best car I have owned", "Worth every rand", "Brilliant all-rounder", "Would buy it again tomorrow", "Exceeded my expectations"],
  good: ["Solid and dependable", "A great daily driver with a few niggles", "Happy with my choice", "Good value, sensible car", "Does what it promises"],
  mixed: ["Decent, but not perfect", "Some good, some bad", "Fine for the money", "Not quite what I hoped for"],
  poor: ["Disappointed after a year", "Would not buy again", "Too many trips to the dealer", "Expected more for the price"],
};
