import { describe, expect, it } from "vitest";
import { averageConsumption, chargeKmInHours, electricPer100Km, fuelPer100Km, hoursWithPower } from "./running-costs";
import { fuelZoneOf, provinceFuelZones } from "./fuel-zones";
import { provinces } from "~/lib/places";

describe("running costs per 100 km", () => {
  it("charges the kWh of 100 km at the tariff", () => {
    // 16 kWh × R3.56 = R56.96; at R7.35 on a DC charger: 16 × 7.35 = R117.60.
    expect(electricPer100Km(16, 3.56)).toBe(56.96);
    expect(electricPer100Km(16, 7.35)).toBe(117.6);
  });

  it("counts the solar share of home charging as free", () => {
    // 40 % from solar: 60 % of R56.96 is R34.176, R34.18; all from solar is nothing; a share past 100 % is 100 %.
    expect(electricPer100Km(16, 3.56, 0.4)).toBe(34.18);
    expect(electricPer100Km(16, 3.56, 1)).toBe(0);
    expect(electricPer100Km(16, 3.56, 1.5)).toBe(0);
  });

  it("fills the litres of 100 km at the pump price, and averages a body type's petrol cars", () => {
    // 7.2 l × R20.75 = R149.40.
    expect(fuelPer100Km(7.2, 20.75)).toBe(149.4);
    // (6.1 + 7.3 + 8) / 3 = 7.133…, 7.1; missing figures (0) are left out.
    expect(averageConsumption([6.1, 7.3, 8, 0])).toBe(7.1);
    expect(averageConsumption([])).toBeNull();
  });
});

describe("charging through load-shedding", () => {
  it("adds the km a charger fills in the hours with power", () => {
    // Stage 4 takes 6 hours a day: 18 hours with power. 18 h × 7 kW = 126 kWh; at 16 kWh/100 km that is
    // 787.5 km, said as 780 (down to 10 km).
    expect(hoursWithPower(6)).toBe(18);
    expect(chargeKmInHours(18, 7, 16)).toBe(780);
    // Stage 8 (12 hours off) on a 3.7 kW wall box at 20 kWh/100 km: 12 × 3.7 = 44.4 kWh, 222 km, said 220.
    expect(chargeKmInHours(hoursWithPower(12), 3.7, 20)).toBe(220);
    expect(chargeKmInHours(10, 7, 0)).toBe(0);
    expect(hoursWithPower(30)).toBe(0);
  });
});

describe("the fuel zone of a province", () => {
  it("is coastal in the three coastal provinces and inland elsewhere, the Northern Cape included", () => {
    expect(fuelZoneOf("western-cape")).toBe("coastal");
    expect(fuelZoneOf("eastern-cape")).toBe("coastal");
    expect(fuelZoneOf("kwazulu-natal")).toBe("coastal");
    expect(fuelZoneOf("gauteng")).toBe("inland");
    expect(fuelZoneOf("northern-cape")).toBe("inland");
    expect(fuelZoneOf("atlantis")).toBe("inland");
  });

  it("names every province", () => {
    expect(Object.keys(provinceFuelZones).sort()).toEqual(provinces.map((p) => p.slug).sort());
  });
});
