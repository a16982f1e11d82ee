import { sql } from "drizzle-orm";
import {
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";

import { bodyTypes, fuelTypes, transmissions, drives, equipmentCategories } from "./vocabulary";
import type { BodyType, FuelType, Transmission, Drive, EquipmentCategory, Equipment } from "./vocabulary";
export { bodyTypes, fuelTypes, transmissions, drives, equipmentCategories };
export type { BodyType, FuelType, Transmission, Drive, EquipmentCategory, Equipment };

export const brands = pgTable(
  "brands",
  {
    id: serial("id").primaryKey(),
    externalCode: text("external_code").notNull(),
    slug: text("slug").notNull(),
    name: text("name").notNull(),
    country: text("country").notNull(),
    description: text("description").notNull(),
    logoPath: text("logo_path"),
    // Brand colour for the monogram when no logo file exists.
    colour: text("colour").notNull(),
    salesRank: integer("sales_rank"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("brands_external_code_uq").on(t.externalCode), uniqueIndex("brands_slug_uq").on(t.slug)],
);

export const models = pgTable(
  "models",
  {
    id: serial("id").primaryKey(),
    externalCode: text("external_code").notNull(),
    brandId: integer("brand_id")
      .notNull()
      .references(() => brands.id, { onDelete: "cascade" }),
    slug: text("slug").notNull(),
    name: text("name").notNull(),
    bodyType: text("body_type").$type<BodyType>().notNull(),
    segment: text("segment").notNull(),
    description: text("description").notNull(),
    launchDate: date("launch_date").notNull(),
    // Paint colour of the generated illustration (hex).
    colour: text("colour").notNull(),
    isNewArrival: boolean("is_new_arrival").notNull().default(false),
    isElectric: boolean("is_electric").notNull().default(false),
    isPremium: boolean("is_premium").notNull().default(false),
    popularity: integer("popularity").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("models_external_code_uq").on(t.externalCode),
    uniqueIndex("models_brand_slug_uq").on(t.brandId, t.slug),
    index("models_brand_idx").on(t.brandId),
  ],
);

export const versions = pgTable(
  "versions",
  {
    id: serial("id").primaryKey(),
    externalCode: text("external_code").notNull(),
    modelId: integer("model_id")
      .notNull()
      .references(() => models.id, { onDelete: "cascade" }),
    slug: text("slug").notNull(),
    name: text("name").notNull(),
    priceZar: integer("price_zar").notNull(),
    fuel: text("fuel").$type<FuelType>().notNull(),
    transmission: text("transmission").$type<Transmission>().notNull(),
    gears: smallint("gears"),
    drive: text("drive").$type<Drive>().notNull(),
    engineCc: integer("engine_cc"),
    cylinders: smallint("cylinders"),
    powerKw: integer("power_kw").notNull(),
    torqueNm: integer("torque_nm").notNull(),
    accel0To100S: doublePrecision("accel_0_100_s").notNull(),
    topSpeedKmh: integer("top_speed_kmh").notNull(),
    // Combined WLTP-style figure; null for battery-electric cars.
    consumptionL100km: doublePrecision("consumption_l_100km"),
    electricConsumptionKwh100km: doublePrecision("electric_consumption_kwh_100km"),
    co2GKm: integer("co2_g_km").notNull(),
    batteryKwh: doublePrecision("battery_kwh"),
    rangeKm: integer("range_km"),
    lengthMm: integer("length_mm").notNull(),
    widthMm: integer("width_mm").notNull(),
    heightMm: integer("height_mm").notNull(),
    wheelbaseMm: integer("wheelbase_mm").notNull(),
    groundClearanceMm: integer("ground_clearance_mm"),
    bootL: integer("boot_l").notNull(),
    tankL: integer("tank_l"),
    massKg: integer("mass_kg").notNull(),
    towingKg: integer("towing_kg"),
    seats: smallint("seats").notNull(),
    doors: smallint("doors").notNull(),
    warrantyYears: smallint("warranty_years").notNull(),
    warrantyKm: integer("warranty_km"),
    servicePlanYears: smallint("service_plan_years"),
    servicePlanKm: integer("service_plan_km"),
    equipment: jsonb("equipment").$type<Equipment>().notNull().default(sql`'{}'::jsonb`),
    onSale: boolean("on_sale").notNull().default(true),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("versions_external_code_uq").on(t.externalCode),
    index("versions_model_idx").on(t.modelId),
    index("versions_price_idx").on(t.priceZar),
  ],
);

export const priceHistory = pgTable(
  "price_history",
  {
    id: serial("id").primaryKey(),
    versionId: integer("version_id")
      .notNull()
      .references(() => versions.id, { onDelete: "cascade" }),
    priceZar: integer("price_zar").notNull(),
    effectiveOn: date("effective_on").notNull(),
    source: text("source").notNull().default("seed"),
  },
  (t) => [index("price_history_version_idx").on(t.versionId, t.effectiveOn)],
);

export const promotions = pgTable(
  "promotions",
  {
    id: serial("id").primaryKey(),
    versionId: integer("version_id")
      .notNull()
      .references(() => versions.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    details: text("details").notNull(),
    oldPriceZar: integer("old_price_zar").notNull(),
    newPriceZar: integer("new_price_zar").notNull(),
    startsOn: date("starts_on").notNull(),
    endsOn: date("ends_on").notNull(),
  },
  (t) => [index("promotions_version_idx").on(t.versionId), index("promotions_ends_idx").on(t.endsOn)],
);
