// What an electric or plug-in hybrid car costs to run per 100 km (issue 47, part 4), as pure
// rules: the tariffs and pump prices come in as data with their month; solar power is counted as
// free (the panels' own cost is not spread over the kWh); load-shedding leaves the hours with power.

const cents = (n: number) => Math.round(n * 100) / 100;

/** Rand per 100 km at a price per kWh, when a share (0 to 1) of the charging comes free from solar panels. */
export function electricPer100Km(kwhPer100Km: number, randPerKwh: number, solarShare = 0): number {
  const paid = 1 - Math.min(1, Math.max(0, solarShare));
  return cents(kwhPer100Km * randPerKwh * paid);
}

/** Rand per 100 km on fuel. */
export function fuelPer100Km(litresPer100Km: number, randPerLitre: number): number {
  return cents(litresPer100Km * randPerLitre);
}

/** The average of the consumptions given (the petrol versions of a body type), to one decimal; null for none. */
export function averageConsumption(litresPer100Km: readonly number[]): number | null {
  const present = litresPer100Km.filter((l) => Number.isFinite(l) && l > 0);
  if (present.length === 0) return null;
  return Math.round((present.reduce((sum, l) => sum + l, 0) / present.length) * 10) / 10;
}

/** Hours a day with power at a load-shedding stage, from the stage's hours without it. */
export function hoursWithPower(hoursWithout: number): number {
  return Math.max(0, 24 - hoursWithout);
}

/**
 * The km of charge a charger adds in the hours with power: hours × kW gives the kWh, and each
 * 100 km takes `kwhPer100Km` of them. Rounded down to 10 km (a driver should not count on more).
 */
export function chargeKmInHours(hours: number, chargerKw: number, kwhPer100Km: number): number {
  if (kwhPer100Km <= 0) return 0;
  return Math.floor((((hours * chargerKw) / kwhPer100Km) * 100) / 10) * 10;
}
