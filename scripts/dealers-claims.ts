// Dealer claims from the command line: `npm run dealers:claims -- list|show ID|approve ID|refuse ID`
// (docs/moderation.md, docs/dealers.md). The same reads and decisions as the /moderation pages,
// with the same rules, audit rows and mails. Opens the database exactly like the server
// (DATABASE_URL, else PGlite in DATA_DIR; on PGlite only one process may open the data folder:
// stop the server first, or use the /moderation pages while it runs).
import path from "node:path";
import { fileURLToPath } from "node:url";
import { claimDecisionSchema } from "../app/features/dealer-accounts/claim-schema";
import { approveClaim, refuseClaim } from "../app/features/dealer-accounts/claims.server";
import { claimForReview, claimsInReview, claimStatusLabels } from "../app/features/dealer-accounts/claims-review.server";
import { dealerUrl } from "../app/features/dealers/urls";
import { moderationClaimPath } from "../app/features/moderation/urls";
import { publicUrl } from "../app/lib/env.server";
import { type Connect, connectFromEnvironment, type Output, processOutput, readActor, readArguments } from "./operator-command";

const USAGE = [
  "Usage: npm run dealers:claims -- COMMAND",
  "  list                              the dealer claims waiting for a decision, oldest first",
  "  show ID                           one claim: the dealer, the claimant, what they wrote, its history",
  '  approve ID [--reason "…"]         the claimant becomes the owner, the dealer is verified (a note for them: optional)',
  '  refuse ID --reason "…"            the claim ends; the claimant is mailed the reason',
  "Options:",
  "  --as EMAIL    who decides, as the audit records it (default: command line (your user name))",
].join("\n");

const LOCKED_MESSAGE =
  "The embedded database allows one process at a time: stop the server, decide, then start it again (or use the /moderation pages while it runs).";

type Command = { name: "list" } | { name: "show"; id: number } | { name: "approve" | "refuse"; id: number; actor: string; reason: string };

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
  const read = readArguments(argv, ["--as", "--reason"]);
  if ("error" in read) return usageError(read.error);
  const { positional, options } = read;
  const [name, target, ...extra] = positional;
  if (!name) return usageError("Which command? Give list, show, approve or refuse.");
  if (!["list", "show", "approve", "refuse"].includes(name)) return usageError(`There is no command "${name}".`);
  const unwanted = name === "approve" || name === "refuse" ? undefined : Object.keys(options)[0];
  if (unwanted) return usageError(`${name} takes no --${unwanted}.`);
  if (name === "list") return target === undefined ? { name } : usageError("list takes no arguments.");
  if (extra.length) return usageError(`Unexpected argument ${extra[0]}.`);
  if (!target) return usageError(`${name} needs the claim's number.`);
  const id = /^\d{1,9}$/.test(target) ? Number(target) : 0;
  if (id <= 0) return usageError(`${target} is not the number of a claim.`);
  if (name === "show") return { name, id };

  const who = readActor(options.as, "decides");
  if ("error" in who) {
    output.fail(who.error);
    return 2;
  }
  const { actor } = who;
  // The web form's own rules: a refusal needs the reason its claimant will read.
  const input = claimDecisionSchema.safeParse({ intent: name, reason: options.reason });
  if (!input.success) {
    output.fail(input.error.issues[0]!.message.replace(/^Please write the reason/, "Give --reason: the reason"));
    return 2;
  }
  return { name: name as "approve" | "refuse", id, actor, reason: input.data.reason };
}

const when = (iso: string) => `${iso.slice(0, 16).replace("T", " ")} UTC`;

async function listLines(): Promise<string[]> {
  const claims = await claimsInReview();
  if (claims.length === 0) return ["No dealer claim waits for a decision."];
  const lines = claims.map((c) => `claim ${c.id} · ${when(c.requestedAt)} · ${c.claimantName} claims ${c.dealerName} (dealer ${c.dealerId})`);
  lines.push("", `${claims.length} ${claims.length === 1 ? "claim" : "claims"}. Open one with: npm run dealers:claims -- show ID`);
  return lines;
}

async function showLines(id: number): Promise<string[] | null> {
  const claim = await claimForReview(id);
  if (!claim) return null;
  const { dealer, claimant, request } = claim;
  const lines = [
    `claim ${claim.id}: ${claimant.name} claims ${dealer.name} (${claimStatusLabels[claim.status]}), asked ${when(claim.requestedAt)}`,
    ...(claim.decidedBy ? [`  decided by ${claim.decidedBy}${claim.decidedAt ? ` at ${when(claim.decidedAt)}` : ""}`] : []),
    `  moderation page: ${publicUrl()}${moderationClaimPath(claim.id)}`,
    `Dealer ${dealer.id}: ${dealer.name}, ${dealer.city}, ${dealer.province}; listed phone ${dealer.phone ?? "none"}; listed e-mail ${dealer.email ?? "none"}${dealer.verified ? "; verified" : ""}`,
    `  page: ${publicUrl()}${dealerUrl(dealer)}`,
    `Claimant: ${claimant.name} <${claimant.email}>${claimant.emailVerified ? "" : " (address not verified)"}, account ${claimant.id}, member since ${claimant.memberSince.slice(0, 10)}`,
    `  role: ${request.role || "not given"}; call back on: ${request.phone || "not given"}`,
    `  wrote: ${request.message}`,
  ];
  if (claim.otherClaims.length) lines.push(`  other claims: ${claim.otherClaims.map((o) => `${o.dealerName} (${claimStatusLabels[o.status].toLowerCase()})`).join(", ")}`);
  lines.push("History:");
  if (claim.history.length === 0) lines.push("  nothing yet");
  for (const entry of claim.history) lines.push(`  ${when(entry.at)}  ${entry.action} by ${entry.actor}${entry.reason ? `: ${entry.reason}` : ""}`);
  return lines;
}

/** Runs one command; the exit code: 0 done, 1 not found or refused, 2 a wrong command line. */
export async function main(argv: string[], output: Output = processOutput, connect: Connect = connectFromEnvironment(LOCKED_MESSAGE)): Promise<number> {
  const command = readCommand(argv, output);
  if (typeof command === "number") return command;
  const database = await connect(output);
  if (typeof database === "number") return database;
  try {
    if (command.name === "list") {
      for (const line of await listLines()) output.say(line);
      return 0;
    }
    if (command.name === "show") {
      const lines = await showLines(command.id);
      if (!lines) {
        output.fail(`No claim has the number ${command.id}.`);
        return 1;
      }
      for (const line of lines) output.say(line);
      return 0;
    }
    const outcome = command.name === "approve" ? await approveClaim(command.id, command.actor, command.reason) : await refuseClaim(command.id, command.actor, command.reason);
    if (!outcome.ok) {
      output.fail(outcome.message);
      return 1;
    }
    output.say(outcome.message);
    return 0;
  } catch (err) {
    output.fail(`dealers:claims ${command.name} failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
    return 1;
  } finally {
    await database.close();
  }
}

// Run as a command, not when a test imports main().
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exitCode = await main(process.argv.slice(2));
}
