// Draws the demo banners into public/banners/ from the site's own car illustrations (the same
// pieces as the link-preview cards): `npx tsx scripts/banners-draw.ts`. The sizes must stay those
// of db/seed/data/content.ts `bannerSeed` (a test compares them). Each says "Demo" in its art.
import fs from "node:fs";
import path from "node:path";
import { carSvg, escapeXml, fitText, textWidthEm } from "../app/features/previews/card-svg";

const FONT = "'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'DejaVu Sans', sans-serif";

interface Art {
  file: string;
  width: number;
  height: number;
  headline: string;
  line: string;
  action: string;
  /** Background from, to (the site's blues, or a brand-neutral dark). */
  colours: [string, string];
  cars: Array<{ bodyType: string; colour: string }>;
}

const arts: Art[] = [
  { file: "demo-home-promotions.svg", width: 1200, height: 300, headline: "New-car deals this month", line: "Cash-back, free services and low rates from SA dealers", action: "See the promotions", colours: ["#164ea9", "#0f172a"], cars: [{ bodyType: "sedan", colour: "#dc2626" }] },
  { file: "demo-home-comparator.svg", width: 1200, height: 300, headline: "Compare up to four cars", line: "Prices, specifications and running costs side by side", action: "Open the comparator", colours: ["#1a5fd0", "#143f85"], cars: [{ bodyType: "hatchback", colour: "#f8fafc" }, { bodyType: "suv", colour: "#f59e0b" }] },
  { file: "demo-side-finance.svg", width: 600, height: 500, headline: "Finance your next car", line: "Work out the monthly instalment, balloon and total cost", action: "Repayment calculator", colours: ["#143f85", "#0f172a"], cars: [{ bodyType: "crossover", colour: "#38bdf8" }] },
  { file: "demo-side-bakkies.svg", width: 600, height: 500, headline: "Bakkies for work and play", line: "Single and double cabs from dealers and private sellers", action: "Browse used bakkies", colours: ["#365314", "#0f172a"], cars: [{ bodyType: "double-cab", colour: "#e2e8f0" }] },
  { file: "demo-side-toyota.svg", width: 600, height: 500, headline: "Used Toyotas near you", line: "Every ad with its price rating against the market", action: "See the ads", colours: ["#7f1d1d", "#0f172a"], cars: [{ bodyType: "suv", colour: "#f8fafc" }] },
  { file: "demo-article-insurance.svg", width: 1200, height: 400, headline: "Comprehensive or third-party?", line: "What each kind of car insurance covers and leaves out", action: "Read the guide", colours: ["#0f766e", "#0f172a"], cars: [{ bodyType: "hatchback", colour: "#fbbf24" }] },
  { file: "demo-article-electric.svg", width: 1200, height: 400, headline: "Thinking electric?", line: "Every EV on sale in South Africa, with range and price", action: "See the electric cars", colours: ["#047857", "#0f172a"], cars: [{ bodyType: "crossover", colour: "#f8fafc" }] },
  { file: "demo-used-sell.svg", width: 1200, height: 300, headline: "Selling your car?", line: "Post a free ad with photos in a few minutes", action: "Post an ad", colours: ["#1a5fd0", "#0f172a"], cars: [{ bodyType: "hatchback", colour: "#94a3b8" }] },
  { file: "demo-used-roadworthy.svg", width: 1200, height: 300, headline: "Selling in Gauteng?", line: "When you need a roadworthy certificate, and how to pass", action: "Read the guide", colours: ["#9a3412", "#0f172a"], cars: [{ bodyType: "sedan", colour: "#e2e8f0" }] },
  { file: "demo-used-volkswagen.svg", width: 1200, height: 300, headline: "Used Volkswagens", line: "Checked, priced and rated against the market", action: "See the ads", colours: ["#1e3a8a", "#0f172a"], cars: [{ bodyType: "hatchback", colour: "#2563eb" }] },
];

function demoTag(x: number, y: number): string {
  return `<rect x="${x}" y="${y}" width="86" height="30" rx="15" fill="#fbbf24"/><text x="${x + 43}" y="${y + 21}" text-anchor="middle" font-family="${FONT}" font-size="16" font-weight="700" fill="#0f172a" letter-spacing="1.5">DEMO</text>`;
}

function actionPill(text: string, x: number, y: number, size: number): string {
  const width = Math.round((textWidthEm(`${text} →`) + 1.6) * size);
  const height = Math.round(size * 2.2);
  return `<rect x="${x}" y="${y}" width="${width}" height="${height}" rx="${height / 2}" fill="#fff"/><text x="${x + width / 2}" y="${y + height * 0.66}" text-anchor="middle" font-family="${FONT}" font-size="${size}" font-weight="700" fill="#0f172a">${escapeXml(text)} →</text>`;
}

function draw(art: Art): string {
  const { width: W, height: H } = art;
  const wide = W / H >= 2;
  const parts: string[] = [];
  parts.push(`<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${art.colours[0]}"/><stop offset="1" stop-color="${art.colours[1]}"/></linearGradient></defs>`);
  parts.push(`<rect width="${W}" height="${H}" fill="url(#bg)"/>`);
  parts.push(`<circle cx="${W * 0.82}" cy="${H * 0.1}" r="${H * 0.9}" fill="#fff" fill-opacity=".06"/>`);
  if (wide) {
    // Text on the left, the cars on the right.
    const textWidth = W * 0.58;
    const big = H >= 400 ? [48, 42, 38] : [54, 46, 40, 34];
    const head = fitText(art.headline, big, textWidth, H >= 400 ? 2 : 1);
    const pad = H >= 400 ? 44 : 40;
    let y = pad;
    parts.push(demoTag(pad, y));
    y += 30 + head.size * 1.15;
    for (const line of head.lines) {
      parts.push(`<text x="${pad}" y="${y}" font-family="${FONT}" font-size="${head.size}" font-weight="800" fill="#fff">${escapeXml(line)}</text>`);
      y += head.size * 1.1;
    }
    const sub = fitText(art.line, [26, 22, 20], textWidth, H >= 400 && head.lines.length === 1 ? 2 : 1);
    y += 4;
    for (const line of sub.lines) {
      parts.push(`<text x="${pad}" y="${y}" font-family="${FONT}" font-size="${sub.size}" fill="#dbeafe">${escapeXml(line)}</text>`);
      y += sub.size * 1.3;
    }
    parts.push(actionPill(art.action, pad, H - pad - 48, 22));
    const carWidth = art.cars.length > 1 ? W * 0.22 : W * 0.34;
    const carHeight = (carWidth * 140) / 320;
    art.cars.forEach((car, i) => {
      const x = W - pad - carWidth * (art.cars.length - i) - i * -10;
      parts.push(carSvg(car, Math.round(x), Math.round(H - pad * 0.6 - carHeight - (art.cars.length > 1 && i === 0 ? 20 : 0)), Math.round(carWidth)));
    });
  } else {
    // A rectangle: the text above, the car below.
    const pad = 36;
    let y = pad;
    parts.push(demoTag(pad, y));
    const head = fitText(art.headline, [46, 40, 34], W - 2 * pad, 2);
    y += 30 + head.size * 1.2;
    for (const line of head.lines) {
      parts.push(`<text x="${pad}" y="${y}" font-family="${FONT}" font-size="${head.size}" font-weight="800" fill="#fff">${escapeXml(line)}</text>`);
      y += head.size * 1.1;
    }
    const sub = fitText(art.line, [24, 21], W - 2 * pad, 2);
    y += 6;
    for (const line of sub.lines) {
      parts.push(`<text x="${pad}" y="${y}" font-family="${FONT}" font-size="${sub.size}" fill="#dbeafe">${escapeXml(line)}</text>`);
      y += sub.size * 1.3;
    }
    const carWidth = W * 0.62;
    parts.push(carSvg(art.cars[0]!, Math.round(W - pad - carWidth + 20), Math.round(H - pad - 48 - (carWidth * 140) / 320 + 6), Math.round(carWidth)));
    parts.push(actionPill(art.action, pad, H - pad - 48, 22));
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" role="img" aria-label="Demo banner: ${escapeXml(art.headline)}">\n${parts.join("\n")}\n</svg>\n`;
}

const out = path.resolve(import.meta.dirname, "../public/banners");
fs.mkdirSync(out, { recursive: true });
for (const art of arts) {
  fs.writeFileSync(path.join(out, art.file), draw(art));
  process.stdout.write(`${art.file} ${art.width}×${art.height}\n`);
}
