import type { BodyType, Equipment, EquipmentCategory, FuelType } from "../../schema";
import type { Tier } from "../types";

// Equipment ladders: a version of tier n gets every item of tiers 1..n, so richer trims
// always list more. Items that replace each other (wheels, lamps, upholstery) are computed below.
const ladder: Record<EquipmentCategory, readonly (readonly string[])[]> = {
  safety: [
    ["Driver and front-passenger airbags", "ABS with EBD", "ISOFIX child-seat anchors", "Front seatbelt reminders"],
    ["Side airbags", "Curtain airbags", "Electronic stability control", "Rear seatbelt reminders"],
    ["Tyre-pressure monitoring", "Rear-view camera"],
    ["Driver knee airbag", "360-degree camera"],
    ["Front-centre airbag", "Pre-collision occupant protection"],
  ],
  "driver-assistance": [
    ["Hill-start assist"],
    ["Cruise control", "Rear park distance control"],
    ["Front park distance control", "Autonomous emergency braking", "Lane-keep assist", "Blind-spot monitoring"],
    ["Adaptive cruise control with stop-and-go", "Rear cross-traffic alert", "Traffic-sign recognition", "Automatic high beam"],
    ["Lane-centring assist", "Automated parking assist"],
  ],
  comfort: [
    ["Air conditioning", "Electric front windows", "Remote central locking"],
    ["Electric rear windows", "Electric mirrors", "Multifunction steering wheel"],
    ["Climate control", "Keyless entry and push-button start", "Rear air vents", "Automatic lights and wipers"],
    ["Dual-zone climate control", "Electric driver's seat", "Heated front seats"],
    ["Ventilated front seats", "Driver's seat memory", "Heated steering wheel"],
  ],
  multimedia: [
    ["Bluetooth audio with USB port"],
    ["Touchscreen infotainment", "Apple CarPlay and Android Auto"],
    ["Satellite navigation", "Wireless phone charger"],
    ["Digital instrument cluster", "Premium sound system"],
    ["Head-up display", "Connected-car app with remote functions"],
  ],
  exterior: [
    ["Body-colour bumpers"],
    ["Front fog lamps", "Electrically folding mirrors"],
    ["LED daytime running lights"],
    ["Privacy glass", "Panoramic sunroof"],
    ["Sports exhaust", "Uprated brakes"],
  ],
  interior: [
    ["60/40 split-folding rear seat", "12 V power socket"],
    ["Height-adjustable driver's seat", "Centre armrest"],
    ["Leather-wrapped steering wheel", "Rear USB-C ports"],
    ["Ambient lighting", "Auto-dimming rear-view mirror"],
    ["Sports seats", "Aluminium pedals"],
  ],
};

interface EquipmentContext {
  tier: Tier;
  premium: boolean;
  body: BodyType;
  fuel: FuelType;
  drive: string;
  seats: number;
  doors: number;
  priceZar: number;
  assistSuite?: string;
  extra?: Equipment;
}

function wheelInches(body: BodyType, tier: Tier, premium: boolean): number {
  const base = body === "hatchback" ? 14 : body === "bakkie" || body === "van" ? 15 : body === "sedan" || body === "mpv" ? 15 : 16;
  return Math.min(22, base + tier - 1 + (premium ? 2 : 0));
}

export function equipmentFor(ctx: EquipmentContext): Equipment {
  // Premium brands start one rung up: their entry cars are equipped like others' mid trims.
  const level = Math.min(5, ctx.tier + (ctx.premium ? 1 : 0));
  const out: Record<EquipmentCategory, string[]> = {
    safety: [],
    "driver-assistance": [],
    comfort: [],
    multimedia: [],
    exterior: [],
    interior: [],
  };
  for (const category of Object.keys(ladder) as EquipmentCategory[]) {
    for (let i = 0; i < level; i++) out[category].push(...(ladder[category][i] ?? []));
  }
  // Panoramic roofs and sports exhausts make no sense on a workhorse or a van.
  if (ctx.body === "bakkie" || ctx.body === "double-cab" || ctx.body === "van") {
    out.exterior = out.exterior.filter((item) => item !== "Panoramic sunroof" && item !== "Sports exhaust");
  }
  if (ctx.fuel === "electric") out.exterior = out.exterior.filter((item) => item !== "Sports exhaust");
  // Cabs and vans without a back seat get no rear-seat kit.
  if (ctx.seats <= 3) {
    const rearOnly = new Set(["Rear seatbelt reminders", "Rear air vents", "Rear USB-C ports", "60/40 split-folding rear seat"]);
    out.safety = out.safety.filter((item) => !rearOnly.has(item));
    out.comfort = out.comfort.filter((item) => !rearOnly.has(item));
    out.interior = out.interior.filter((item) => !rearOnly.has(item));
  }
  if (ctx.doors <= 3) out.comfort = out.comfort.filter((item) => item !== "Electric rear windows");

  const inches = wheelInches(ctx.body, ctx.tier, ctx.premium);
  // Entry cars and workhorses ride on steel wheels.
  const steel = ctx.tier === 1 && !ctx.premium && (ctx.priceZar < 320_000 || ctx.body === "bakkie" || ctx.body === "van");
  out.exterior.unshift(`${inches}" ${steel ? "steel wheels" : "alloy wheels"}`);
  out.exterior.unshift(level >= 5 || (ctx.premium && level >= 4) ? "Adaptive LED matrix headlamps" : level >= 3 ? "LED headlamps" : "Halogen headlamps");
  out.interior.unshift(
    level >= 4 || (ctx.premium && level >= 3) ? "Leather upholstery" : level === 3 ? "Leather-look upholstery" : "Cloth upholstery",
  );

  if (ctx.assistSuite && level >= 3) out["driver-assistance"].unshift(ctx.assistSuite);
  if (ctx.seats >= 7) out.interior.push("Third-row seats with separate air vents");
  if (ctx.body === "suv" || ctx.body === "crossover") {
    if (level >= 2) out.exterior.push("Roof rails");
  }
  if (ctx.body === "double-cab" || ctx.body === "bakkie") {
    out.exterior.push("Rubberised load-bin liner", "Tow hitch");
    if (level >= 3) out.exterior.push("Sports bar");
  }
  if (ctx.drive === "4x4") {
    out.safety.push("Hill-descent control");
    out.exterior.push("Low-range transfer case", "Rear differential lock");
  } else if (ctx.drive === "awd") {
    out.safety.push("Hill-descent control");
  }
  if (ctx.fuel === "electric") {
    out.exterior.push("Type 2 AC charging", "CCS2 DC fast charging");
    out.comfort.push("Regenerative braking with one-pedal mode");
    if (level >= 3) out.comfort.push("Heat pump");
    out.multimedia.push("Charging-station finder");
  } else if (ctx.fuel === "plug-in-hybrid") {
    out.exterior.push("Type 2 AC charging");
    out.comfort.push("Selectable EV driving mode");
  } else if (ctx.fuel === "hybrid") {
    out.comfort.push("EV mode for silent low-speed driving");
  }
  for (const [category, items] of Object.entries(ctx.extra ?? {}) as [EquipmentCategory, string[]][]) {
    out[category].push(...items);
  }
  const equipment: Equipment = {};
  for (const category of Object.keys(out) as EquipmentCategory[]) equipment[category] = [...new Set(out[category])];
  return equipment;
}
