import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { upkeepDatabase } from "~/lib/database-upkeep.server";
import { database } from "~/lib/db.server";
import type { JobHandler, NewJob } from "~/lib/job-queue.server";
import { deliverQueuedMail, MAIL_JOB } from "~/lib/mail.server";
import { sameToken } from "~/lib/security.server";
import { runAdExpiry } from "~/features/marketplace/ad-expiry.server";
import { runSavedSearchAlerts } from "~/features/marketplace/search/saved-search-alerts.server";
import { runPriceDropMails } from "~/features/marketplace/ad-page/price-drop-mails.server";
import { runStorageCleanup } from "~/features/marketplace/storage-cleanup.server";
import { runStockImportJob, STOCK_IMPORT_JOB } from "~/features/dealers/stock-feed/feed-upload.server";

// The job registry (decision 013): every job by name, with its schedule. It sits above the
// features (it composes them) and beside server/app.ts, which starts the worker; scripts/jobs-run.ts
// runs one job by hand. The queue itself (app/lib/job-queue.server.ts) knows no job.

type Schedule = { every: "hour" } | { every: "day"; at: { hour: number; minute: number } };

interface JobDefinition {
  run: (now: Date) => Promise<Record<string, unknown>>;
  schedule: Schedule;
  description: string;
}

export const JOBS = {
  "saved-search-alerts": {
    run: (now) => runSavedSearchAlerts({ now }),
    // South African time (UTC+2 all year): the morning mail.
    schedule: { every: "day", at: { hour: 7, minute: 0 } },
    description: "mails each saved search with alerts on its new matching ads",
  },
  "favourite-price-drops": {
    run: (now) => runPriceDropMails({ now }),
    // After the saved-search alerts; one mail a South African day at most per user.
    schedule: { every: "day", at: { hour: 7, minute: 15 } },
    description: "mails each user the price drops of their favourites (one mail a day at most)",
  },
  "storage-cleanup": {
    run: (now) => runStorageCleanup({ now }),
    schedule: { every: "hour" },
    description: "deletes drafts idle for 30 days and the uploaded photos nothing refers to",
  },
  "ad-expiry": {
    run: (now) => runAdExpiry({ now }),
    schedule: { every: "hour" },
    description: "mails sellers whose ads expire within 7 days, and expires (and mails) the ads past their date",
  },
  "database-upkeep": {
    run: () => upkeepDatabase(database()),
    // The quietest hour in South Africa: the embedded database is busy for about a second.
    schedule: { every: "day", at: { hour: 3, minute: 30 } },
    description: "vacuums and analyses the embedded database, which has no autovacuum (nothing on PostgreSQL)",
  },
} satisfies Record<string, JobDefinition>;

type JobName = keyof typeof JOBS;
export const jobNames = Object.keys(JOBS) as JobName[];
export const isJobName = (name: string): name is JobName => Object.hasOwn(JOBS, name);

/** Runs a job now (by hand or for the queue); its result is what it did, in counts. */
export function runJob(name: JobName, now = new Date()): Promise<Record<string, unknown>> {
  return (JOBS[name] as JobDefinition).run(now);
}

/** The queue's handlers: each job runs at the moment it is claimed. */
export const jobHandlers: Record<string, JobHandler> = {
  ...Object.fromEntries(jobNames.map((name) => [name, () => runJob(name)])),
  // Queued by sendMail when SMTP_URL is set: one mail each, retried while the server is down.
  [MAIL_JOB]: (job) => deliverQueuedMail(job.payload),
  // Queued by the dealer dashboard's Stock feed page: one feed import each, not retried.
  [STOCK_IMPORT_JOB]: (job) => runStockImportJob(job.payload),
};

/** South Africa keeps UTC+2 all year (no daylight saving). */
const SAST_OFFSET_MS = 2 * 3600_000;
const pad = (n: number) => String(n).padStart(2, "0");

/**
 * The runs due in the current period, each with a singleton key naming its period, so every
 * instance inserting them at every poll adds each run once: "storage-cleanup:2026-11-25T10"
 * (hours in UTC), "saved-search-alerts:2026-11-25" (the South African date). A daily run whose
 * time has not come yet today is inserted with its run_at later today.
 */
export function scheduledJobs(now: Date): NewJob[] {
  return jobNames.map((name) => {
    const schedule: Schedule = JOBS[name].schedule;
    if (schedule.every === "hour") {
      const hour = new Date(Math.floor(now.getTime() / 3600_000) * 3600_000);
      return { name, singletonKey: `${name}:${hour.toISOString().slice(0, 13)}`, runAt: hour };
    }
    const local = new Date(now.getTime() + SAST_OFFSET_MS);
    const day = `${local.getUTCFullYear()}-${pad(local.getUTCMonth() + 1)}-${pad(local.getUTCDate())}`;
    const runAt = new Date(Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate(), schedule.at.hour, schedule.at.minute) - SAST_OFFSET_MS);
    return { name, singletonKey: `${name}:${day}`, runAt };
  });
}

// ---------------------------------------------------------------------------------------------
// Running a job in the server from `npm run jobs:run` (the embedded database admits one process).

export const RUN_JOB_PATH = "/internal/jobs/run";

/** The file the server writes at start: where it listens and the token a hand-run job must show. */
const jobsTokenFile = (dataDir: string) => path.join(path.resolve(dataDir), "jobs-token.json");

export function writeJobsToken(dataDir: string, port: number): string {
  const token = crypto.randomBytes(32).toString("base64url");
  const file = jobsTokenFile(dataDir);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.rmSync(file, { force: true });
  // Readable by this user only; a new token at each start.
  fs.writeFileSync(file, JSON.stringify({ port, token }), { mode: 0o600, flag: "wx" });
  return token;
}

export function readJobsToken(dataDir: string): { port: number; token: string } | undefined {
  try {
    const parsed = JSON.parse(fs.readFileSync(jobsTokenFile(dataDir), "utf8")) as { port?: unknown; token?: unknown };
    return typeof parsed.port === "number" && typeof parsed.token === "string" ? { port: parsed.port, token: parsed.token } : undefined;
  } catch {
    return undefined;
  }
}

const LOOPBACK = new Set(["127.0.0.1", "::1", "::ffff:127.0.0.1"]);

/**
 * Whether a request may run a job: sent from this machine straight to the server (no proxy header,
 * which a reverse proxy on this machine would add to a visitor's request), with the token of the
 * file this server wrote.
 */
export function mayRunJob(input: { remoteAddress: string | undefined; headers: Record<string, string | string[] | undefined>; token: string | undefined }): boolean {
  if (!input.token || !LOOPBACK.has(input.remoteAddress ?? "")) return false;
  for (const header of ["x-forwarded-for", "forwarded", "x-real-ip"]) if (input.headers[header] !== undefined) return false;
  const given = input.headers.authorization;
  if (typeof given !== "string" || !given.startsWith("Bearer ")) return false;
  return sameToken(input.token, given.slice("Bearer ".length));
}
