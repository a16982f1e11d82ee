import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { openDatabase, resultRows } from "~/lib/db.server";
import { useTestDatabase } from "../../../tests/setup/database";
import { brands, dataRevisions, models, priceHistory, versions } from "../../../db/schema";
import { type ImportRow, type RawRecord, parseCatalogue, validateRow } from "./import";
import { importCatalogue } from "./import.server";

const database = useTestDatabase({ seed: true });
const root = path.resolve(import.meta.dirname, "../../..");
const fixture = (name: string) => fs.readFileSync(path.join(root, "tests/fixtures/catalogue", name), "utf8");
const TODAY = "2026-11-20";

/** A stored version written back as an import record, so tests can change one thing at a time. */
async function recordOf(versionCode: string): Promise<RawRecord> {
  const { db } = database();
  const [r] = await db
    .select({ b: brands, m: models, v: versions })
    .from(versions)
    .innerJoin(models, eq(models.id, versions.modelId))
    .innerJoin(brands, eq(brands.id, models.brandId))
    .where(eq(versions.externalCode, versionCode));
  if (!r) throw new Error(`no version ${versionCode}`);
  const { b, m, v } = r;
  return {
    brand_code: b.externalCode, brand_name: b.name, brand_country: b.country,
    model_code: m.externalCode, model_name: m.name, body_type: m.bodyType, segment: m.segment, launch_date: m.launchDate,
    version_code: v.externalCode, version_name: v.name, price_zar: v.priceZar, fuel: v.fuel, transmission: v.transmission,
    gears: v.gears, drive: v.drive, engine_cc: v.engineCc, cylinders: v.cylinders, power_kw: v.powerKw, torque_nm: v.torqueNm,
    accel_0_100_s: v.accel0To100S, top_speed_kmh: v.topSpeedKmh, consumption_l_100km: v.consumptionL100km,
    electric_consumption_kwh_100km: v.electricConsumptionKwh100km, co2_g_km: v.co2GKm, battery_kwh: v.batteryKwh, range_km: v.rangeKm,
    length_mm: v.lengthMm, width_mm: v.widthMm, height_mm: v.heightMm, wheelbase_mm: v.wheelbaseMm, ground_clearance_mm: v.groundClearanceMm,
    boot_l: v.bootL, tank_l: v.tankL, mass_kg: v.massKg, towing_kg: v.towingKg, seats: v.seats, doors: v.doors,
    warranty_years: v.warrantyYears, warranty_km: v.warrantyKm, service_plan_years: v.servicePlanYears, service_plan_km: v.servicePlanKm,
    equipment: v.equipment, on_sale: v.onSale,
  };
}

function rowsOf(...records: RawRecord[]): ImportRow[] {
  return records.map((record, i) => {
    const { row, issues } = validateRow(record, i + 1);
    if (!row) throw new Error(JSON.stringify(issues));
    return row;
  });
}

async function counts() {
  const rows = resultRows<Record<string, number>>(
    await database().db.execute(sql`select
      (select count(*)::int from brands) as brands, (select count(*)::int from models) as models,
      (select count(*)::int from versions) as versions, (select count(*)::int from price_history) as price_history,
      (select coalesce(max(revision), 0)::int from data_revisions where scope = 'catalogue') as revision`),
  );
  return rows[0]!;
}

async function versionsOfCode(code: string) {
  return database().db.select().from(versions).where(eq(versions.externalCode, code));
}

const HILUX = "toyota-hilux-double-cab-2-8-gd-6-legend-4x4-auto";

describe("importCatalogue", () => {
  it("creates brands, models and versions with derived slugs, first prices and a revision bump", async () => {
    const before = await counts();
    const rows = parseCatalogue(fixture("good.csv"), "csv").rows;
    const result = await importCatalogue(database().db, rows, { today: TODAY });
    expect(result.issues).toEqual([]);
    expect(result.brands).toEqual({ created: 1, updated: 0, unchanged: 0 });
    expect(result.models).toEqual({ created: 2, updated: 0, unchanged: 0 });
    expect(result.versions).toEqual({ created: 3, updated: 0, unchanged: 0 });
    expect(result.written).toBe(true);
    const after = await counts();
    expect(after).toMatchObject({ brands: before.brands + 1, models: before.models + 2, versions: before.versions + 3, price_history: before.price_history + 3 });
    expect(after.revision).toBe(before.revision + 1);
    expect(result.revision).toBe(after.revision);

    const [brand] = await database().db.select().from(brands).where(eq(brands.externalCode, "leapmotor"));
    expect(brand).toMatchObject({ slug: "leapmotor", name: "Leapmotor", colour: "#0e7490" });
    const [t03] = await versionsOfCode("leapmotor-t03-pro");
    expect(t03).toMatchObject({ slug: "pro-city-pack", priceZar: 429900, fuel: "electric", tankL: null, onSale: true });
    const [model] = await database().db.select().from(models).where(eq(models.externalCode, "leapmotor-c10"));
    expect(model).toMatchObject({ slug: "c10", isElectric: true, popularity: 0 });
    const history = await database().db.select().from(priceHistory).where(eq(priceHistory.versionId, t03!.id));
    expect(history).toEqual([expect.objectContaining({ priceZar: 429900, effectiveOn: TODAY, source: "import" })]);
  });

  it("reports an unchanged file as unchanged and writes nothing", async () => {
    const before = await counts();
    const result = await importCatalogue(database().db, parseCatalogue(fixture("good.json"), "json").rows, { today: TODAY });
    expect(result).toMatchObject({ written: false, brands: { unchanged: 1 }, models: { unchanged: 2 }, versions: { created: 0, updated: 0, unchanged: 3 } });
    expect(await counts()).toEqual(before);
  });

  it("updates an existing version and records its price change in the price history", async () => {
    const record = await recordOf(HILUX);
    const [old] = await versionsOfCode(HILUX);
    const before = await counts();
    const result = await importCatalogue(database().db, rowsOf({ ...record, price_zar: old!.priceZar + 10_000, top_speed_kmh: 181 }), { today: TODAY });
    expect(result.versions).toEqual({ created: 0, updated: 1, unchanged: 0 });
    expect(result.brands).toEqual({ created: 0, updated: 0, unchanged: 1 });
    expect(result.priceChanges).toEqual([{ code: HILUX, name: old!.name, from: old!.priceZar, to: old!.priceZar + 10_000 }]);
    const [now] = await versionsOfCode(HILUX);
    expect(now).toMatchObject({ id: old!.id, slug: old!.slug, priceZar: old!.priceZar + 10_000, topSpeedKmh: 181 });
    expect(now!.updatedAt.getTime()).toBeGreaterThan(old!.updatedAt.getTime());
    const [latest] = await database().db.select().from(priceHistory).where(eq(priceHistory.versionId, old!.id)).orderBy(sql`effective_on desc, id desc`).limit(1);
    expect(latest).toMatchObject({ priceZar: old!.priceZar + 10_000, effectiveOn: TODAY, source: "import" });
    expect((await counts()).price_history).toBe(before.price_history + 1);
  });

  it("keeps stored values of columns the file leaves out", async () => {
    const { equipment: _e, tank_l: _t, ...partial } = await recordOf(HILUX);
    const [old] = await versionsOfCode(HILUX);
    const result = await importCatalogue(database().db, rowsOf(partial), { today: TODAY });
    expect(result.versions.unchanged).toBe(1);
    const [now] = await versionsOfCode(HILUX);
    expect(now!.equipment).toEqual(old!.equipment);
    expect(now!.tankL).toBe(old!.tankL);
  });

  it("writes nothing at all when one row conflicts with the catalogue", async () => {
    const before = await counts();
    const good = await recordOf(HILUX);
    const other = await recordOf(HILUX);
    // A second row moves an existing model under another brand: the whole import is refused.
    const [elsewhere] = resultRows<{ code: string }>(
      await database().db.execute(sql`select v.external_code as code from versions v join models m on m.id = v.model_id where m.external_code <> 'toyota-hilux-double-cab' and m.brand_id = (select brand_id from models where external_code = 'toyota-hilux-double-cab') limit 1`),
    );
    const moved = await recordOf(elsewhere!.code);
    const conflicting = { ...moved, version_code: "new-version", brand_code: "leapmotor", brand_name: "Leapmotor", brand_country: "China" };
    const result = await importCatalogue(database().db, rowsOf({ ...good, price_zar: 1_234_567 }, { ...other, version_code: "fresh-one", version_name: "Fresh" }, conflicting), { today: TODAY });
    expect(result.written).toBe(false);
    expect(result.issues.map((i) => `row ${i.row}, ${i.column}: ${i.message}`)).toEqual([
      `row 3, brand_code: model ${moved.model_code} belongs to brand toyota in the catalogue`,
    ]);
    expect(await counts()).toEqual(before);
    expect((await versionsOfCode(HILUX))[0]!.priceZar).not.toBe(1_234_567);
    expect(await versionsOfCode("fresh-one")).toEqual([]);
  });

  it("a dry run reports what would change and writes nothing", async () => {
    const before = await counts();
    const record = await recordOf(HILUX);
    const [old] = await versionsOfCode(HILUX);
    const result = await importCatalogue(database().db, rowsOf({ ...record, price_zar: old!.priceZar + 1 }, { ...record, version_code: "dry-new", version_name: "Dry New" }), {
      dryRun: true,
      today: TODAY,
    });
    expect(result).toMatchObject({ written: false, versions: { created: 1, updated: 1, unchanged: 0 }, priceChanges: [{ code: HILUX, to: old!.priceZar + 1 }] });
    expect(await counts()).toEqual(before);
    expect((await versionsOfCode(HILUX))[0]!.priceZar).toBe(old!.priceZar);
  });

  it("gives a new brand whose name is taken a free slug", async () => {
    const record = { ...(await recordOf(HILUX)), brand_code: "toyota-za-import", brand_name: "Toyota", model_code: "toyota-za-hilux", version_code: "toyota-za-hilux-1" };
    const result = await importCatalogue(database().db, rowsOf(record), { today: TODAY });
    expect(result.brands.created).toBe(1);
    const [brand] = await database().db.select().from(brands).where(eq(brands.externalCode, "toyota-za-import"));
    expect(brand!.slug).toBe("toyota-2");
    const [revision] = await database().db.select().from(dataRevisions).where(eq(dataRevisions.scope, "catalogue"));
    expect(revision!.revision).toBeGreaterThan(1);
  });
});

describe("npm run catalogue:import", () => {
  const run = (dataDir: string, ...args: string[]) =>
    spawnSync(process.execPath, [path.join(root, "node_modules/tsx/dist/cli.mjs"), "scripts/catalogue-import.ts", ...args], {
      cwd: root,
      encoding: "utf8",
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "", NODE_ENV: "test" },
      timeout: 120_000,
    });

  // Eight runs of the script, each a process start of its own: 61 s on two busy cores, past Vitest's
  // minute per test (it then failed with every assertion met so far).
  it("imports a good file, refuses a bad one with row-numbered errors, and says what is wrong with the arguments", { timeout: 240_000 }, async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "voitura-import-"));
    try {
      const good = run(dataDir, "tests/fixtures/catalogue/good.csv");
      expect(good.stderr).toBe("");
      expect(good.status).toBe(0);
      expect(good.stdout).toContain("catalogue: 3 rows of good.csv are valid");
      expect(good.stdout).toContain("brands:   1 created, 0 updated, 0 unchanged");
      expect(good.stdout).toContain("versions: 3 created, 0 updated, 0 unchanged");
      expect(good.stdout).toMatch(/catalogue: imported in \d+ ms \(catalogue revision 1\)/);

      const dry = run(dataDir, "tests/fixtures/catalogue/good.json", "--dry-run");
      expect(dry.status).toBe(0);
      expect(dry.stdout).toContain("versions: 0 to create, 0 to update, 3 unchanged");
      expect(dry.stdout).toContain("dry run, nothing written");

      const bad = run(dataDir, "tests/fixtures/catalogue/bad.csv");
      expect(bad.status).toBe(1);
      expect(bad.stderr).toContain("row 4, price_zar: must be a whole number of rand above 0");
      expect(bad.stderr).toContain("row 5, version_code: leapmotor-c10-design is already on row 1");
      expect(bad.stderr).toContain("Nothing was imported: 7 problems in bad.csv.");

      const empty = run(dataDir, "tests/fixtures/catalogue/empty.csv");
      expect(empty.status).toBe(1);
      expect(empty.stderr).toContain("the file is empty");

      const missing = run(dataDir, "tests/fixtures/catalogue/nope.csv");
      expect(missing.status).toBe(1);
      expect(missing.stderr).toContain("tests/fixtures/catalogue/nope.csv: no such file.");

      const wrongExtension = run(dataDir, "docs/catalogue-import.md");
      expect(wrongExtension.status).toBe(1);
      expect(wrongExtension.stderr).toContain("the file name must end in .csv or .json");

      // The embedded database has one process at a time: with the data folder open (the server running), the import is refused.
      const server = await openDatabase({ dataDir });
      try {
        const locked = run(dataDir, "tests/fixtures/catalogue/good.csv");
        expect(locked.status).toBe(1);
        expect(locked.stderr).toContain("is already in use by another Voitura process");
        expect(locked.stderr).toContain("stop the server, import, then start it again");
      } finally {
        await server.close();
      }

      const noFile = run(dataDir);
      expect(noFile.status).toBe(2);
      expect(noFile.stderr).toContain("Usage: npm run catalogue:import -- FILE [--dry-run]");
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
