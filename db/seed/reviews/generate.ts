import type { BodyType, FuelType } from "../../schema/vocabulary";
import { addDays, REFERENCE_DATE } from "../dates";
import { randomFor, type Random } from "../random";
import { firstNames, initials } from "../marketplace/sellers";
import { dislikePhrases, likePhrases, type PhraseCriterion, specialDislikes, specialLikes, titlesByBand } from "./phrases";

// The demo owner reviews: owners of the popular models, each with one review per model, scores
// that hang together (a car's criteria sit near its overall score, with the model's own strengths
// and weaknesses), text drawn from what those scores say, and ownership figures that agree with
// each other (bought in a year the model was on sale, kilometres that follow the months owned).

export const DEMO_REVIEWER_COUNT = 320;
export const DEMO_REVIEW_COUNT = 440;
/** The most popular models each get at least this many reviews (Google's AggregateRating needs 3). */
const MIN_REVIEWS_FOR_POPULAR = 3;
export const POPULAR_MODEL_COUNT = 30;

export interface ReviewSourceModel {
  id: number;
  name: string;
  brandName: string;
  bodyType: BodyType;
  /** YYYY-MM-DD: reviews come at least two months after it. */
  launchDate: string;
  popularity: number;
  versions: ReadonlyArray<{ id: number; fuel: FuelType }>;
}

interface DemoReviewer {
  id: string;
  name: string;
  email: string;
  createdAt: string;
}

export interface GeneratedReview {
  modelId: number;
  versionId: number | null;
  userId: string;
  overall: number;
  comfort: number;
  performance: number;
  fuelEconomy: number;
  reliability: number;
  practicality: number;
  valueForMoney: number;
  afterSales: number;
  title: string;
  likes: string;
  dislikes: string;
  yearBought: number;
  kilometres: number;
  ownedMonths: number;
  recommends: boolean;
  helpfulCount: number;
  createdAt: string;
}

const criteria: readonly PhraseCriterion[] = ["comfort", "performance", "fuelEconomy", "reliability", "practicality", "valueForMoney", "afterSales"];

export function generateDemoReviewers(count = DEMO_REVIEWER_COUNT): DemoReviewer[] {
  return Array.from({ length: count }, (_, i) => {
    const random = randomFor(`demo-reviewer:${i}`);
    const first = random.pick(firstNames);
    const initial = random.pick([...initials]);
    const number = String(i + 1).padStart(4, "0");
    return {
      id: `demo-reviewer-${number}`,
      name: `${first} ${initial}.`,
      email: `${first.toLowerCase()}.${initial.toLowerCase()}.r${number}@example.com`,
      createdAt: `${addDays(REFERENCE_DATE, -random.int(30, 1_500))}T${String(random.int(6, 21)).padStart(2, "0")}:15:00Z`,
    };
  });
}

/** How many reviews each model gets: three for each popular model, the rest by popularity. */
export function reviewCounts(models: readonly ReviewSourceModel[], total = DEMO_REVIEW_COUNT): Map<number, number> {
  const ranked = models.filter(onSaleLongEnough).sort((a, b) => b.popularity - a.popularity || a.id - b.id);
  const counts = new Map<number, number>();
  const popular = ranked.slice(0, POPULAR_MODEL_COUNT);
  for (const m of popular) counts.set(m.id, MIN_REVIEWS_FOR_POPULAR);
  const pool = ranked.slice(0, Math.min(ranked.length, 90));
  const weights = pool.map((m) => Math.max(1, m.popularity));
  const sum = weights.reduce((a, b) => a + b, 0);
  let left = total - [...counts.values()].reduce((a, b) => a + b, 0);
  const random = randomFor("demo-review-counts");
  while (left > 0) {
    let roll = random.next() * sum;
    let index = 0;
    while (roll >= weights[index]!) roll -= weights[index++]!;
    const model = pool[Math.min(index, pool.length - 1)]!;
    counts.set(model.id, (counts.get(model.id) ?? 0) + 1);
    left--;
  }
  return counts;
}

/** A model on sale for under 90 days has no owners with a story to tell yet. */
const onSaleLongEnough = (model: ReviewSourceModel) => Date.parse(REFERENCE_DATE) - Date.parse(model.launchDate) >= 90 * 86_400_000;

const clamp = (n: number, min: number, max: number) => Math.max(min, Math.min(max, Math.round(n)));

/** A model's character: its overall standing and what it is good or poor at. */
function modelCharacter(model: ReviewSourceModel) {
  const random = randomFor(`demo-review-model:${model.id}`);
  const fuels = model.versions.map((v) => v.fuel);
  const bias: Record<PhraseCriterion, number> = {
    comfort: random.range(-1, 1),
    performance: random.range(-1, 1),
    fuelEconomy: random.range(-1, 1),
    reliability: random.range(-1, 1.2),
    practicality: random.range(-1, 1),
    valueForMoney: random.range(-1.2, 1),
    afterSales: random.range(-1.5, 1),
  };
  if (fuels.some((f) => f === "hybrid" || f === "electric" || f === "plug-in-hybrid")) bias.fuelEconomy += 1.5;
  if (["suv", "bakkie", "double-cab", "mpv", "van"].includes(model.bodyType)) {
    bias.practicality += 1;
    bias.fuelEconomy -= 1;
  }
  if (model.bodyType === "hatchback") bias.comfort -= 0.5;
  return { base: random.range(6.6, 8.9), bias, fuels };
}

function pickDistinct<T>(random: Random, items: readonly T[], count: number): T[] {
  const pool = [...items];
  const out: T[] = [];
  while (out.length < count && pool.length) out.push(pool.splice(Math.floor(random.next() * pool.length), 1)[0]!);
  return out;
}

function reviewFor(model: ReviewSourceModel, n: number, userId: string): GeneratedReview {
  const random = randomFor(`demo-review:${model.id}:${n}`);
  const character = modelCharacter(model);
  const overall = clamp(character.base + random.range(-2.6, 1.8), 3, 10);
  const scores = Object.fromEntries(criteria.map((c) => [c, clamp(overall + character.bias[c] + random.range(-1.5, 1.5), 1, 10)])) as Record<PhraseCriterion, number>;

  // Written some time in the last two years; bought up to five years before, never before launch.
  const daysOnSale = Math.round((Date.parse(REFERENCE_DATE) - Date.parse(model.launchDate)) / 86_400_000) - 60;
  const daysAgo = random.int(3, Math.max(3, Math.min(730, daysOnSale)));
  const created = addDays(REFERENCE_DATE, -daysAgo);
  const createdYear = Number(created.slice(0, 4));
  const launchYear = Number(model.launchDate.slice(0, 4));
  const launchMonth = Number(model.launchDate.slice(5, 7));
  const yearBought = random.int(Math.min(Math.max(launchYear, createdYear - 5), createdYear), createdYear);
  const firstMonth = yearBought === launchYear ? launchMonth : 1;
  const lastMonth = yearBought === createdYear ? Number(created.slice(5, 7)) : 12;
  const monthBought = random.int(Math.min(firstMonth, lastMonth), lastMonth);
  const ownedMonths = Math.max(1, (createdYear - yearBought) * 12 + Number(created.slice(5, 7)) - monthBought);
  const kilometres = Math.round((ownedMonths * random.range(900, 2_400)) / 100) * 100;

  const ranked = [...criteria].sort((a, b) => scores[b] - scores[a]);
  const best = ranked.slice(0, 3).filter((c) => scores[c] >= 6);
  const worst = ranked.slice(-3).reverse().filter((c) => scores[c] <= 7);
  const likeLines = [
    ...pickDistinct(random, best.length ? best : [ranked[0]!], random.int(2, 3)).map((c) => random.pick(likePhrases[c])),
    ...(random.next() < 0.5 ? pickDistinct(random, specialLikes(model.bodyType, character.fuels), 1) : []),
  ];
  const dislikeLines = [
    ...pickDistinct(random, worst.length ? worst : [ranked[ranked.length - 1]!], overall >= 9 ? 1 : random.int(1, 2)).map((c) => random.pick(dislikePhrases[c])),
    ...(random.next() < 0.4 ? pickDistinct(random, specialDislikes(model.bodyType, character.fuels), 1) : []),
  ];
  if (overall >= 9 && random.next() < 0.5) dislikeLines.push("Apart from that, very little to complain about.");

  const band = overall >= 9 ? "great" : overall >= 7 ? "good" : overall >= 5 ? "mixed" : "poor";
  const title = random.next() < 0.3 ? `Our ${model.name} after ${kilometres.toLocaleString("en-ZA").replace(/,/g, " ")} km` : random.pick(titlesByBand[band]);
  const version = model.versions.length && random.next() < 0.75 ? random.pick(model.versions) : undefined;
  return {
    modelId: model.id,
    versionId: version?.id ?? null,
    userId,
    overall,
    comfort: scores.comfort,
    performance: scores.performance,
    fuelEconomy: scores.fuelEconomy,
    reliability: scores.reliability,
    practicality: scores.practicality,
    valueForMoney: scores.valueForMoney,
    afterSales: scores.afterSales,
    title,
    likes: likeLines.join(" "),
    dislikes: dislikeLines.join(" "),
    yearBought,
    kilometres,
    ownedMonths,
    recommends: overall >= 7 ? random.next() < 0.95 : overall >= 5 ? random.next() < 0.45 : random.next() < 0.05,
    // Older reviews have had longer to collect votes.
    helpfulCount: Math.min(40, Math.floor(random.next() ** 2 * (4 + daysAgo / 18))),
    createdAt: `${created}T${String(random.int(6, 22)).padStart(2, "0")}:${String(random.int(0, 59)).padStart(2, "0")}:00Z`,
  };
}

/** Every demo review, one per reviewer and model: reviewers take turns, skipping models they reviewed. */
export function generateDemoReviews(models: readonly ReviewSourceModel[], reviewers: readonly DemoReviewer[]): GeneratedReview[] {
  const counts = reviewCounts(models);
  const reviewed = new Map<string, Set<number>>();
  const out: GeneratedReview[] = [];
  let turn = 0;
  for (const model of [...models].sort((a, b) => a.id - b.id)) {
    for (let n = 0; n < (counts.get(model.id) ?? 0); n++) {
      let reviewer = reviewers[turn++ % reviewers.length]!;
      while (reviewed.get(reviewer.id)?.has(model.id)) reviewer = reviewers[turn++ % reviewers.length]!;
      if (!reviewed.has(reviewer.id)) reviewed.set(reviewer.id, new Set());
      reviewed.get(reviewer.id)!.add(model.id);
      out.push(reviewFor(model, n, reviewer.id));
    }
  }
  return out;
}
