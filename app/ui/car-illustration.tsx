// Flat side-view illustrations of each body type, painted in the model's colour. No car photos ship
// with the site, so every model card shows one of these. All drawings share one viewBox (facing
// right, standing on the same ground line) so cards line up, and each is a handful of paths.
import { createContext, use, useId } from "react";
import type { BodyType } from "../../db/schema/catalogue";

const HEX = /^#?([\da-f]{3}|[\da-f]{6})$/i;

function parseHex(hex: string): [number, number, number] | null {
  const m = hex.trim().match(HEX);
  if (!m) return null;
  let h = m[1]!;
  if (h.length === 3) h = h.replace(/./g, "$&$&");
  return [0, 2, 4].map((i) => parseInt(h.slice(i, i + 2), 16)) as [number, number, number];
}

/**
 * Darken (amount < 0, mixing towards black) or lighten (amount > 0, mixing towards white) a hex
 * colour. amount is clamped to [-1, 1]; returns lowercase #rrggbb. Unparseable input is returned as is.
 */
export function shade(hex: string, amount: number): string {
  const rgb = parseHex(hex);
  if (!rgb) return hex;
  const t = Math.max(-1, Math.min(1, Number.isFinite(amount) ? amount : 0));
  const target = t < 0 ? 0 : 255;
  const k = Math.abs(t);
  return (
    "#" +
    rgb
      .map((c) => Math.round(c + (target - c) * k))
      .map((c) => Math.max(0, Math.min(255, c)).toString(16).padStart(2, "0"))
      .join("")
  );
}

function luminance([r, g, b]: [number, number, number]): number {
  return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
}

type Drawing = {
  /** Body outline from the rear bottom corner over the roof to the front bottom corner (at sill height). */
  top: string;
  /** Rear and front wheel centres (x). */
  wheels: [number, number];
  /** Tyre outer radius. */
  r: number;
  /** Sill (bottom edge of the body) y. */
  sill: number;
  glass: string;
  lines: string;
  head: string;
  tail: string;
  /** Dark trim: roof rails, bumpers, seats. */
  trim?: string;
  /** Dark plastic cladding along the arches and sills (SUVs, crossovers). */
  clad?: boolean;
};

const GROUND = 122;

const drawings: Record<BodyType, Drawing> = {
  hatchback: {
    top: "M58 106Q52 106 52 100L51 84Q51 74 56 68L70 49Q75 42 86 42L156 42Q164 42 170 47L198 65L252 70Q264 72 266 80L268 100Q268 106 262 106",
    wheels: [86, 226],
    r: 18,
    sill: 106,
    glass: "M82 64L90 50Q92 47 97 47H120V64ZM126 47H156Q161 47 165 50L186 64H126Z",
    lines: "M123 47V100M189 66Q193 84 189 100M55 75L254 75M131 71h8M92 71h8",
    head: "M252 72L262 74Q265 77 263 80L254 78Z",
    tail: "M55 70H60L59 80H52Z",
  },
  sedan: {
    top: "M38 106Q32 106 32 100L31 80Q31 69 38 67L74 64Q92 46 112 43Q118 42 124 42L156 42Q166 42 174 47L206 65L268 69Q282 71 284 80L286 100Q286 106 280 106",
    wheels: [84, 234],
    r: 18,
    sill: 106,
    glass: "M88 63Q100 51 114 48L130 47V63ZM136 47H156Q164 47 170 51L192 64H136Z",
    lines: "M133 47V100M196 66Q200 84 196 100M34 75L270 75M141 71h8M94 71h8",
    head: "M268 72L280 74Q283 77 281 80L270 78Z",
    tail: "M31 70H40L39 78H31Z",
  },
  suv: {
    top: "M40 100Q34 100 34 94L34 34Q34 21 48 21L188 21Q196 21 201 27L222 54L276 58Q286 60 287 70L288 94Q288 100 282 100",
    wheels: [86, 236],
    r: 20,
    sill: 100,
    glass: "M42 52L43 33Q44 27 51 27H92V52ZM98 27H146V52H98ZM152 27H186Q192 27 196 32L212 52H152Z",
    lines: "M95 27V96M149 27V96M216 56Q220 76 216 96M36 64L276 64M104 60h8M156 60h8",
    head: "M272 60L284 62Q287 65 285 68L274 67Z",
    tail: "M34 36H40V52H34Z",
    trim: "M58 21l3-5h120l3 5z",
    clad: true,
  },
  crossover: {
    top: "M50 100Q44 100 44 94L43 76Q43 64 50 59L72 39Q78 33 88 33L164 33Q172 33 178 38L206 59L262 64Q274 66 275 76L276 94Q276 100 270 100",
    wheels: [86, 230],
    r: 20,
    sill: 100,
    glass: "M62 58L78 42Q81 39 86 39H120V58ZM126 39H162Q168 39 172 43L192 58H126Z",
    lines: "M123 39V96M196 60Q200 78 196 96M46 68L262 68M131 65h8M78 65h8",
    head: "M260 66L272 68Q275 71 273 74L262 72Z",
    tail: "M47 62H54L52 72H44Z",
    clad: true,
  },
  bakkie: {
    top: "M26 98Q20 98 20 92L20 60Q20 56 24 56L168 56L170 32Q171 24 180 24L216 24Q224 24 228 30L248 54L288 59Q298 61 299 72L300 92Q300 98 294 98",
    wheels: [70, 246],
    r: 20,
    sill: 98,
    glass: "M178 30H214Q220 30 224 36L238 53H178Z",
    lines: "M168 58V94M174 56V94M242 58Q246 76 242 94M20 64H166M176 64H292M180 60h8",
    head: "M284 61L296 63Q299 66 297 70L286 68Z",
    tail: "M20 64H25V76H20Z",
    trim: "M20 92H36V100H20Z",
  },
  "double-cab": {
    top: "M26 98Q20 98 20 92L20 60Q20 56 24 56L120 56L122 32Q123 24 132 24L216 24Q224 24 228 30L248 54L288 59Q298 61 299 72L300 92Q300 98 294 98",
    wheels: [70, 246],
    r: 20,
    sill: 98,
    glass: "M130 30H174V53H130ZM180 30H214Q220 30 224 36L238 53H180Z",
    lines: "M120 58V94M126 56V94M177 30V94M242 58Q246 76 242 94M20 64H118M128 64H292M134 60h8M182 60h8",
    head: "M284 61L296 63Q299 66 297 70L286 68Z",
    tail: "M20 64H25V76H20Z",
    trim: "M20 92H36V100H20Z",
  },
  mpv: {
    top: "M40 104Q34 104 34 98L34 40Q34 25 50 25L184 25Q196 25 204 33L238 60L276 71Q286 73 287 83L288 98Q288 104 282 104",
    wheels: [82, 236],
    r: 19,
    sill: 104,
    glass: "M42 58L43 37Q44 31 52 31H96V58ZM102 31H150V58H102ZM156 31H186Q194 31 199 36L220 58H156Z",
    lines: "M99 31V100M153 31V100M226 64Q230 82 226 100M40 61H99M36 72L276 72M108 66h8M160 66h8",
    head: "M272 72L284 75Q287 78 285 82L274 80Z",
    tail: "M34 44H40V60H34Z",
  },
  coupe: {
    top: "M38 106Q32 106 32 100L31 82Q31 72 40 70L66 66Q96 50 124 48Q132 47 142 47L150 47Q162 47 172 53L204 68L272 72Q286 74 288 84L290 100Q290 106 284 106",
    wheels: [86, 236],
    r: 18,
    sill: 106,
    glass: "M92 66Q110 55 128 52L150 52Q160 52 168 57L186 67Z",
    lines: "M130 67Q126 84 132 100M192 70Q196 86 192 100M34 77L272 77M140 73h8",
    head: "M272 74L284 77Q287 80 285 83L274 81Z",
    tail: "M32 73H40L39 80H31Z",
  },
  convertible: {
    top: "M38 106Q32 106 32 100L31 82Q31 72 40 70L204 67L272 72Q286 74 288 84L290 100Q290 106 284 106",
    wheels: [86, 236],
    r: 18,
    sill: 106,
    glass: "M192 68L172 47L180 46L206 68Z",
    lines: "M130 70Q126 84 132 100M192 70Q196 86 192 100M34 77L272 77M140 73h8",
    head: "M272 74L284 77Q287 80 285 83L274 81Z",
    tail: "M32 73H40L39 80H31Z",
    trim: "M192 68L171 46L175 45L197 68ZM62 70Q64 63 74 63H92Q98 63 98 69ZM112 69V56a6 6 0 0 1 12 0V69ZM148 69V54a6 6 0 0 1 12 0V69Z",
  },
  "station-wagon": {
    top: "M36 106Q30 106 30 100L29 82Q29 72 34 66L41 48Q45 41 56 41L160 41Q170 41 178 46L208 65L270 69Q284 71 287 80L290 100Q290 106 284 106",
    wheels: [84, 236],
    r: 18,
    sill: 106,
    glass: "M42 63L50 49Q52 46 58 46H88V63ZM94 46H130V63H94ZM136 46H158Q166 46 172 50L194 64H136Z",
    lines: "M91 46V100M133 46V100M198 66Q202 84 198 100M32 75L272 75M98 71h8M140 71h8",
    head: "M270 72L282 74Q285 77 283 80L272 78Z",
    tail: "M33 67H39L37 78H30Z",
    trim: "M52 41v-3h104v3z",
  },
  van: {
    top: "M28 100Q22 100 22 94L22 28Q22 16 34 16L204 16Q214 16 220 23L250 56L288 62Q296 64 297 74L298 94Q298 100 292 100",
    wheels: [72, 240],
    r: 19,
    sill: 100,
    glass: "M198 23H212Q216 23 219 27L238 52H198Z",
    lines: "M195 23V96M244 58Q248 78 244 96M128 20V96M22 64H288M204 62h8M134 62h8",
    head: "M284 64L295 66Q298 69 296 73L286 71Z",
    tail: "M22 50H27V64H22Z",
  },
};

/** Wheel arch over the wheel at x: where it leaves the sill, and the arc back down to the sill behind it. */
function arch({ r, sill }: Drawing, x: number): [number, string] {
  const cy = GROUND - r;
  const R = r + 3;
  const a = Math.round(Math.sqrt(R * R - (sill - cy) ** 2) * 10) / 10;
  return [x + a, `A${R} ${R} 0 ${sill > cy ? 1 : 0} 0 ${x - a} ${sill}`];
}

const paths = Object.fromEntries(
  (Object.keys(drawings) as BodyType[]).map((k) => {
    const d = drawings[k];
    const [frontStart, front] = arch(d, d.wheels[1]);
    const [rearStart, rear] = arch(d, d.wheels[0]);
    // The outline ends at the front bottom corner; go back along the sill and over both arches.
    const underside = `${front}H${rearStart}${rear}`;
    return [
      k,
      {
        body: `${d.top}H${frontStart}${underside}Z`,
        clad: d.clad ? `M${frontStart} ${d.sill}${underside}` : "",
      },
    ];
  }),
) as Record<BodyType, { body: string; clad: string }>;

// A drawing's markup is printed once per body type and paint and reused: a grid of cards would
// otherwise build the same dozen SVG elements through React for every card on every render.
const MAX_KEPT_DRAWINGS = 512;
const keptDrawings = new Map<string, string>();

/**
 * A drawing's markup with its paint and edge given: colours (#hex, checked by the caller), or, for
 * a drawing shared by a list's cards, the CSS variables each card sets (`var(--car-paint)`).
 */
function drawingMarkup(type: BodyType, paint: { fill: string; stroke: string }): string {
  const d = drawings[type];
  const p = paths[type];
  const cy = GROUND - d.r;
  const wheels = (r: number, pathLength?: number) =>
    d.wheels.map((x) => `<circle cx="${x}" cy="${cy}" r="${r}"${pathLength === undefined ? "" : ` pathLength="${pathLength}"`}></circle>`).join("");
  // Every other value is one of the drawings' constants.
  return (
    `<ellipse cx="160" cy="${GROUND}" rx="142" ry="6" fill="#020617" opacity=".18"></ellipse>` +
    `<g ${paint.stroke} stroke-linejoin="round" stroke-linecap="round">` +
    `<path d="${p.body}" ${paint.fill} stroke-width="1.5"></path>` +
    (p.clad ? `<path d="${p.clad}" fill="none" stroke="#334155" stroke-width="5"></path>` : "") +
    (d.trim ? `<path d="${d.trim}" fill="#475569" stroke="none"></path>` : "") +
    `<path d="${d.glass}" fill="#d6dfea" fill-opacity=".92"></path>` +
    `<path d="${d.lines}" fill="none" stroke-width="1.2"></path></g>` +
    `<path d="${d.head}" fill="#fef9c3"></path>` +
    `<path d="${d.tail}" fill="#dc2626"></path>` +
    `<g fill="#cbd5e1" stroke="#1e293b" stroke-width="7">${wheels(d.r - 3.5)}</g>` +
    `<g fill="#94a3b8" stroke="#64748b" stroke-width="5" stroke-dasharray="1.3 .7">${wheels(d.r - 11, 10)}</g>`
  );
}

function markupOf(type: BodyType, paint: string, edge: string): string {
  const key = `${type}${paint}${edge}`;
  const kept = keptDrawings.get(key);
  if (kept !== undefined) return kept;
  const markup = drawingMarkup(type, { fill: `fill="${paint}"`, stroke: `stroke="${edge}"` });
  if (keptDrawings.size >= MAX_KEPT_DRAWINGS) keptDrawings.clear();
  keptDrawings.set(key, markup);
  return markup;
}

const sharedMarkup = new Map<BodyType, string>();
/** A body type's drawing for a list: painted by the card's --car-paint and --car-edge. */
function sharedMarkupOf(type: BodyType): string {
  let markup = sharedMarkup.get(type);
  if (markup === undefined) {
    markup = drawingMarkup(type, { fill: 'style="fill:var(--car-paint)"', stroke: 'style="stroke:var(--car-edge)"' });
    sharedMarkup.set(type, markup);
  }
  return markup;
}

const bodyTypeOf = (bodyType: string): BodyType => (Object.hasOwn(drawings, bodyType) ? (bodyType as BodyType) : "hatchback");

/** The drawings a list of cards shares: the id prefix of their <g> elements and the body types drawn. */
const SharedDrawings = createContext<{ id: string; types: ReadonlySet<BodyType> } | null>(null);

/**
 * Draws each body type of a list once; the cards' illustrations inside refer to it (`<use>`) and
 * set only their paint, where each card repeated a kilobyte and a half of paths. `bodyTypes` are
 * the cards' own (one per card): a type only one card draws is drawn in that card, as sharing it
 * would gain nothing. `id` is unique on the page (an island's id and a suffix). Put it inside the
 * list's static island, outside a <ul>.
 */
export function CarDrawingSet({ id, bodyTypes, children }: { id: string; bodyTypes: readonly string[]; children: React.ReactNode }) {
  const all = bodyTypes.map(bodyTypeOf);
  const types = [...new Set(all.filter((type, index) => all.indexOf(type) !== index))];
  const defs = types.map((type) => `<g id="${id}-${type}">${sharedMarkupOf(type)}</g>`).join("");
  return (
    <SharedDrawings value={{ id, types: new Set(types) }}>
      <svg width="0" height="0" className="absolute" aria-hidden="true" focusable="false" dangerouslySetInnerHTML={{ __html: `<defs>${defs}</defs>` }} />
      {children}
    </SharedDrawings>
  );
}

// As React escapes text and attributes.
const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#x27;" };
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

export function CarIllustration({
  bodyType,
  colour,
  className,
  title,
}: {
  bodyType: BodyType | (string & {});
  colour: string;
  className?: string;
  title?: string;
}) {
  const id = useId();
  const shared = use(SharedDrawings);
  const type = bodyTypeOf(bodyType);
  const rgb = parseHex(colour);
  const paint = rgb ? `#${colour.trim().replace(/^#/, "")}` : "#94a3b8";
  // A dark car gets a lighter edge so it still reads on a dark background; others a darker one.
  const edge = shade(paint, rgb && luminance(rgb) < 0.2 ? 0.3 : -0.3);
  const a11y = title ? { role: "img", "aria-labelledby": id } : { "aria-hidden": true as const };
  const heading = title ? `<title id="${escapeHtml(id)}">${escapeHtml(title)}</title>` : "";
  // In a set, the card refers to its body type's drawing and sets only its paint.
  const drawing = shared?.types.has(type) ? `<use href="#${shared.id}-${type}"></use>` : null;
  return (
    <svg
      viewBox="0 0 320 140"
      preserveAspectRatio="xMidYMid meet"
      className={className}
      focusable="false"
      {...a11y}
      style={drawing ? ({ "--car-paint": paint, "--car-edge": edge } as React.CSSProperties) : undefined}
      dangerouslySetInnerHTML={{ __html: heading + (drawing ?? markupOf(type, paint, edge)) }}
    />
  );
}
