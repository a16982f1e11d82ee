// A dealer's limit of live ads (issue 46): `npm run dealers:limit -- DEALER [LIMIT]` prints it with
// the dealer's live ads, or sets it. DEALER is the dealer's id or slug. Opens the database like the
// server (on PGlite, stop the server first).
import path from "node:path";
import { fileURLToPath } from "node:url";
import { DEALER_AD_LIMIT_MAX, dealerLimit, setDealerAdLimit } from "../app/features/dealers/dealer-limits.server";
import { fail, openImportDatabase, say } from "./import-command";

const USAGE = [
  "Usage: npm run dealers:limit -- DEALER [LIMIT]",
  "  DEALER   the dealer's id or slug (as on its page: /concessionnaires/{id}-{slug})",
  `  LIMIT    the number of live ads (published or paused) it may have, 0 to ${DEALER_AD_LIMIT_MAX}; without it, prints the limit`,
].join("\n");

export async function main(argv: string[]): Promise<number> {
  if (argv.includes("--help") || argv.includes("-h")) {
    say(USAGE);
    return 0;
  }
  const [reference, limitText, ...extra] = argv;
  if (!reference || extra.length || reference.startsWith("-")) {
    fail(reference ? `Unexpected argument ${extra[0] ?? reference}.` : "Which dealer? Give its id or slug.");
    fail(USAGE);
    return 2;
  }
  const limit = limitText === undefined ? undefined : /^\d{1,6}$/.test(limitText) ? Number(limitText) : NaN;
  if (limit !== undefined && (!Number.isInteger(limit) || limit > DEALER_AD_LIMIT_MAX)) {
    fail(`${limitText} is not a limit: give a whole number from 0 to ${DEALER_AD_LIMIT_MAX}.`);
    return 2;
  }
  const handle = await openImportDatabase();
  if (!handle) return 1;
  try {
    const dealer = await dealerLimit(handle.db, reference);
    if (!dealer) {
      fail(`No dealer has the id or slug ${reference}.`);
      return 1;
    }
    if (limit === undefined) {
      say(`${dealer.name} (${dealer.id}): ${dealer.liveAds} live ads of its limit of ${dealer.adLimit}.`);
      return 0;
    }
    await setDealerAdLimit(handle.db, dealer.id, limit);
    const over = dealer.liveAds > limit ? ` It has ${dealer.liveAds} live ads: they stay, and no new one goes live until it has room.` : "";
    say(`${dealer.name} (${dealer.id}) may now have ${limit} live ads (was ${dealer.adLimit}).${over}`);
    return 0;
  } finally {
    await handle.close();
  }
}

// Run as a command, not when a test imports main().
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exitCode = await main(process.argv.slice(2));
}
