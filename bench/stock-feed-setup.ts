// The stock feed bench's data (bench/stock-feed.mjs): a fresh database with one dealer whose limit
// the operator raised past the feed, and a feed of CARS cars with PHOTOS distinct photos each, as a
// CSV and a ZIP. The photos are 1024×768 JPEGs that compress like photos (gradients under noise);
// 32 pictures are drawn and each file gets its own comment segment, so every one of them has its
// own content hash and goes through the whole pipeline (a photo already stored is not stored twice).
// Usage: node --import tsx bench/stock-feed-setup.ts OUT_DIR   (DATA_DIR: the database's folder)
import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { migrateDatabase, openDatabase } from "../app/lib/db.server";
import { dealers } from "../db/schema";
import { zipParts } from "../tests/setup/zip-writer";

const CARS = Number(process.env.FEED_CARS ?? 2000);
const PHOTOS = Number(process.env.FEED_PHOTOS ?? 8);
const out = process.argv[2]!;
fs.mkdirSync(out, { recursive: true });

async function picture(seed: number): Promise<Buffer> {
  const [w, h] = [1024, 768];
  const raw = Buffer.alloc(w * h * 3);
  let state = Math.imul(seed + 1, 2654435761) >>> 0 || 1;
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      state ^= state << 13;
      state ^= state >>> 17;
      state ^= state << 5;
      const noise = ((state & 255) - 128) / 8;
      const light = Math.sin(x / 150 + seed) * 60 + Math.cos(y / 120) * 40;
      const i = (y * w + x) * 3;
      raw[i] = Math.max(0, Math.min(255, 120 + light + noise));
      raw[i + 1] = Math.max(0, Math.min(255, 110 + light * 0.7 + noise));
      raw[i + 2] = Math.max(0, Math.min(255, 100 + light * 0.4 + noise));
    }
  return sharp(raw, { raw: { width: w, height: h, channels: 3 } }).jpeg({ quality: 82 }).toBuffer();
}

/** The picture with a JPEG comment naming the file: other bytes, the same pixels. */
function distinct(jpeg: Buffer, name: string): Buffer {
  const text = Buffer.from(name);
  const segment = Buffer.alloc(4 + text.length);
  segment.writeUInt16BE(0xfffe, 0);
  segment.writeUInt16BE(text.length + 2, 2);
  text.copy(segment, 4);
  return Buffer.concat([jpeg.subarray(0, 2), segment, jpeg.subarray(2)]);
}

const pictures = await Promise.all(Array.from({ length: 32 }, (_, i) => picture(i)));
const bodies = [
  ["Toyota", "Hilux", "double-cab", "diesel", "manual", "4x4"],
  ["Volkswagen", "Polo", "hatchback", "petrol", "manual", "2wd"],
  ["Ford", "Ranger", "double-cab", "diesel", "automatic", "4x4"],
  ["Suzuki", "Swift", "hatchback", "petrol", "manual", "2wd"],
  ["Toyota", "Corolla Cross", "suv", "hybrid", "cvt", "2wd"],
] as const;
const towns = [
  ["Gauteng", "Pretoria"],
  ["Western Cape", "Cape Town"],
  ["KwaZulu-Natal", "Durban"],
] as const;
const lines = ["stock_number,make,model,year,body_type,fuel,transmission,drive,mileage_km,service_history,colour,price_zar,province,city,description,photos"];
const files: { name: string; bytes: Buffer }[] = [];
for (let car = 0; car < CARS; car++) {
  const [make, model, body, fuel, gearbox, drive] = bodies[car % bodies.length]!;
  const [province, city] = towns[car % towns.length]!;
  const names = Array.from({ length: PHOTOS }, (_, p) => `bench-${car}-${p}.jpg`);
  for (const [p, name] of names.entries()) files.push({ name, bytes: distinct(pictures[(car * PHOTOS + p) % pictures.length]!, name) });
  lines.push(
    [`BENCH-${car}`, make, model, 2015 + (car % 10), body, fuel, gearbox, drive, 20_000 + car * 37, "full", "white", 150_000 + car * 101, province, city, `"Demo data. Bench car number ${car}, one owner and a full service history."`, names.join("|")].join(","),
  );
}
fs.writeFileSync(path.join(out, "feed.csv"), `${lines.join("\n")}\n`);
const zip = fs.openSync(path.join(out, "photos.zip"), "w");
for (const part of zipParts(files)) fs.writeSync(zip, part);
fs.closeSync(zip);

const handle = await openDatabase({ dataDir: process.env.DATA_DIR! });
try {
  await migrateDatabase(handle);
  await handle.db.insert(dealers).values({ slug: "bench-feed-motors", name: "Bench Feed Motors (demo data)", city: "pretoria", province: "gauteng", adLimit: CARS + 500 });
} finally {
  await handle.close();
}
console.log(JSON.stringify({ cars: CARS, photos: files.length, zipMb: Math.round(fs.statSync(path.join(out, "photos.zip")).size / 1024 / 1024) }));
