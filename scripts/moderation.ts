// Moderation from the command line: `npm run moderation -- list|show|restore|remove|ban …`
// (docs/moderation.md). The same reads and actions as the /moderation pages, with the same reason
// rules, audit rows and mails. Opens the database exactly like the server (DATABASE_URL, else
// PGlite in DATA_DIR; on PGlite only one process may open the data folder: stop the server first,
// or use the /moderation pages while it runs).
import path from "node:path";
import { fileURLToPath } from "node:url";
import { banAuthorOfReview, banSeller, banSellerOfAd, type ModerationOutcome, removeAd, removeReview, restoreAd, restoreReview } from "../app/features/moderation/actions.server";
import { moderationActionSchema } from "../app/features/moderation/action-schema";
import type { HistoryEntry, ItemReport, QueueItem, SellerAccount } from "../app/features/moderation/queue-items";
import { moderationAdItem, moderationQueue, moderationReviewItem } from "../app/features/moderation/queue.server";
import { moderationAdPath, moderationReviewPath } from "../app/features/moderation/urls";
import { publicUrl } from "../app/lib/env.server";
import { formatRand } from "../app/lib/format";
import { type Connect, connectFromEnvironment, type Output, processOutput, readActor, readArguments } from "./operator-command";

const USAGE = [
  "Usage: npm run moderation -- COMMAND",
  "  list                                        the queue: reported ads and reviews, requests for a review first",
  "  show ad|review ID                           one item: its reports, seller or author, signals and history",
  '  restore ad|review ID [--note "…"]           back on the site, its reports settled (an ad\'s seller is mailed)',
  '  remove ad|review ID --reason "…"            off the site; the seller or author is mailed the reason',
  '  ban ad|review ID --reason "…"               bans the ad\'s private seller or the review\'s author',
  '  ban user USER_ID --reason "…"               bans an account: its live ads hidden, no new posts',
  "Options:",
  "  --as EMAIL    who acts, as the audit records it (default: command line (your user name))",
].join("\n");

const LOCKED_MESSAGE =
  "The embedded database allows one process at a time: stop the server, moderate, then start it again (or use the /moderation pages while it runs).";

type Kind = "ad" | "review";
type Command =
  | { name: "list" }
  | { name: "show"; kind: Kind; id: number }
  | { name: "restore"; kind: Kind; id: number; actor: string; note: string }
  | { name: "remove" | "ban"; kind: Kind; id: number; actor: string; reason: string }
  | { name: "ban"; kind: "user"; userId: string; actor: string; reason: string };

/** The command, or the exit code after printing why not (0 for --help). */
function readCommand(argv: string[], output: Output): Command | number {
  const usageError = (message: string) => {
    output.fail(message);
    output.fail(USAGE);
    return 2;
  };
  if (argv.includes("--help") || argv.includes("-h")) {
    output.say(USAGE);
    return 0;
  }
  const read = readArguments(argv, ["--as", "--note", "--reason"]);
  if ("error" in read) return usageError(read.error);
  const { positional, options } = read;

  const [name, kind, target, ...extra] = positional;
  if (!name) return usageError("Which command? Give list, show, restore, remove or ban.");
  if (!["list", "show", "restore", "remove", "ban"].includes(name)) return usageError(`There is no command "${name}".`);
  // Each command takes only its own options: a --reason given to restore would otherwise be lost.
  const allowed = name === "restore" ? ["as", "note"] : name === "remove" || name === "ban" ? ["as", "reason"] : [];
  const unwanted = Object.keys(options).find((o) => !allowed.includes(o));
  if (unwanted) return usageError(`${name} takes no --${unwanted}.`);

  if (name === "list") return kind === undefined ? { name } : usageError("list takes no arguments.");
  if (extra.length) return usageError(`Unexpected argument ${extra[0]}.`);
  const kinds = name === "ban" ? ["ad", "review", "user"] : ["ad", "review"];
  if (!kind || !kinds.includes(kind)) return usageError(`${name} needs what: ${kinds.join(", ").replace(/, (\w+)$/, " or $1")}, then its number.`);
  if (!target) return usageError(`${name} ${kind} needs ${kind === "user" ? "the account's id" : `the ${kind}'s number`}.`);
  const id = /^\d{1,9}$/.test(target) ? Number(target) : 0;
  if (kind !== "user" && id <= 0) return usageError(`${target} is not the number of ${kind === "ad" ? "an ad" : "a review"}.`);
  if (name === "show") return { name, kind: kind as Kind, id };

  const who = readActor(options.as, "acts");
  if ("error" in who) {
    output.fail(who.error);
    return 2;
  }
  const { actor } = who;
  // The web form's own rules: a remove or a ban needs the reason its seller or author will read.
  const input = moderationActionSchema.safeParse({ intent: name, reason: name === "restore" ? options.note : options.reason });
  if (!input.success) {
    output.fail(input.error.issues[0]!.message.replace(/^Please write the reason/, "Give --reason: the reason"));
    return 2;
  }
  const reason = input.data.reason;
  if (name === "restore") return { name, kind: kind as Kind, id, actor, note: reason };
  if (kind === "user") return { name: "ban", kind, userId: target, actor, reason };
  return { name: name as "remove" | "ban", kind: kind as Kind, id, actor, reason };
}

// ---------------------------------------------------------------------------------------------
// What is printed

const when = (iso: string) => `${iso.slice(0, 16).replace("T", " ")} UTC`;
const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

function queueLines(items: QueueItem[]): string[] {
  if (items.length === 0) return ["Nothing to moderate: no open reports, and no ad under review."];
  const lines: string[] = [];
  for (const item of items) {
    if (item.kind === "dealer-claim") {
      lines.push(`dealer claim ${item.id} · ${item.statusLabel} · ${item.title} (decide with: npm run dealers:claims -- approve|refuse ${item.id})`);
      continue;
    }
    const head = [`${item.kind} ${item.id}`, item.statusLabel, plural(item.openReports, "open report"), ...(item.reviewRequested ? ["review requested"] : []), item.title];
    lines.push(head.join(" · "));
    if (item.reasons.length) lines.push(`    reasons: ${item.reasons.join(", ")}`);
    for (const signal of item.signals) lines.push(`    signal: ${signal.message}`);
  }
  lines.push("", `${plural(items.length, "item")}. Open one with: npm run moderation -- show ad|review ID`);
  return lines;
}

function accountLine(account: SellerAccount): string {
  const banned = account.bannedAt ? `; banned ${when(account.bannedAt)}: ${account.banReason ?? ""}` : "";
  return `${account.name} <${account.email}>, account ${account.userId}, member since ${account.memberSince.slice(0, 10)}${banned}`;
}

function reportLines(reports: ItemReport[]): string[] {
  const open = reports.filter((r) => !r.settled).length;
  const lines = [`Reports (${open} open of ${reports.length}):`];
  if (reports.length === 0) lines.push("  none");
  for (const report of reports) {
    const marks = [report.counts ? "counts" : "does not count (a new or unverified account)", ...(report.settled ? ["settled"] : [])];
    lines.push(`  ${when(report.at)}  ${report.reasonLabel} — ${report.reporter} (${marks.join(", ")})`);
    if (report.details) lines.push(`      “${report.details}”`);
  }
  return lines;
}

function historyLines(history: HistoryEntry[]): string[] {
  const lines = ["History:"];
  if (history.length === 0) lines.push("  nothing yet");
  for (const entry of history) lines.push(`  ${when(entry.at)}  ${entry.action} by ${entry.actor}${entry.reason ? `: ${entry.reason}` : ""}`);
  return lines;
}

async function adLines(adId: number): Promise<string[] | null> {
  const item = await moderationAdItem(adId);
  if (!item) return null;
  const { ad } = item.page;
  const lines = [
    `ad ${item.id}: ${ad.title} (${item.statusLabel})`,
    `  ${formatRand(ad.priceZar)} · ${ad.year} · ${ad.mileageKm.toLocaleString("en-ZA")} km · ${ad.city}, ${ad.province}`,
    `  buyer's page: ${publicUrl()}${item.publicPath}`,
    `  moderation page: ${publicUrl()}${moderationAdPath(item.id)}`,
  ];
  if (item.seller.kind === "dealer") lines.push(`Seller: the dealer ${item.seller.name} (a dealer is no account to ban)`);
  else lines.push(`Seller: ${item.seller.account ? accountLine(item.seller.account) : "a private seller whose account is gone"}`);
  if (item.otherAds.length) {
    lines.push(`Their other ads (${item.otherAds.length}):`);
    for (const other of item.otherAds) lines.push(`  ad ${other.id} · ${other.statusLabel} · ${formatRand(other.priceZar)} · ${other.title}`);
  }
  lines.push(item.signals.length ? "Signals:" : "Signals: none");
  for (const signal of item.signals) lines.push(`  ${signal.message}`);
  return [...lines, ...reportLines(item.reports), ...historyLines(item.history)];
}

async function reviewLines(reviewId: number): Promise<string[] | null> {
  const item = await moderationReviewItem(reviewId);
  if (!item) return null;
  const { review } = item;
  return [
    `review ${item.id}: “${review.title}” on the ${item.model.name} (${item.hidden ? "hidden, under review" : "shown"})`,
    `  ${review.overall}/5 · ${review.recommends ? "recommends it" : "does not recommend it"} · bought ${review.yearBought} · ${review.kilometres.toLocaleString("en-ZA")} km · written ${review.createdAt.slice(0, 10)}`,
    `  liked: ${review.likes}`,
    `  disliked: ${review.dislikes}`,
    `  model's reviews: ${publicUrl()}${item.model.publicPath}`,
    `  moderation page: ${publicUrl()}${moderationReviewPath(item.id)}`,
    `Author: ${accountLine(item.author)}; ${plural(item.authorReviews, "review")} written`,
    ...reportLines(item.reports),
    ...historyLines(item.history),
  ];
}

async function act(command: Exclude<Command, { name: "list" | "show" }>): Promise<ModerationOutcome> {
  if (command.kind === "user") return banSeller(command.userId, command.actor, command.reason);
  if (command.name === "restore") return command.kind === "ad" ? restoreAd(command.id, command.actor, command.note) : restoreReview(command.id, command.actor, command.note);
  if (command.name === "remove") return command.kind === "ad" ? removeAd(command.id, command.actor, command.reason) : removeReview(command.id, command.actor, command.reason);
  return command.kind === "ad" ? banSellerOfAd(command.id, command.actor, command.reason) : banAuthorOfReview(command.id, command.actor, command.reason);
}

/** Runs one command; the exit code: 0 done, 1 not found or refused, 2 a wrong command line. */
export async function main(argv: string[], output: Output = processOutput, connect: Connect = connectFromEnvironment(LOCKED_MESSAGE)): Promise<number> {
  const command = readCommand(argv, output);
  if (typeof command === "number") return command;
  const database = await connect(output);
  if (typeof database === "number") return database;
  try {
    if (command.name === "list") {
      for (const line of queueLines(await moderationQueue())) output.say(line);
      return 0;
    }
    if (command.name === "show") {
      const lines = command.kind === "ad" ? await adLines(command.id) : await reviewLines(command.id);
      if (!lines) {
        output.fail(`No ${command.kind} has the number ${command.id}.`);
        return 1;
      }
      for (const line of lines) output.say(line);
      return 0;
    }
    const outcome = await act(command);
    if (!outcome.ok) {
      output.fail(outcome.message);
      return 1;
    }
    output.say(outcome.message);
    return 0;
  } catch (err) {
    output.fail(`moderation ${command.name} failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
    return 1;
  } finally {
    await database.close();
  }
}

// Run as a command, not when a test imports main().
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exitCode = await main(process.argv.slice(2));
}
