import crypto from "node:crypto";
import os from "node:os";
import { sql } from "drizzle-orm";
import { type Executor, resultRows } from "./db.server";

// The durable job queue on the `jobs` table (decision 013). Generic: it knows job names and
// payloads, never what a job does (the registry, server/jobs.ts, maps names to functions).
// Guarantees: a due job is claimed by one worker at a time (UPDATE … WHERE id = (SELECT … FOR
// UPDATE SKIP LOCKED)); a claim not finished by locked_until (its instance died) is claimed again,
// so a job runs at least once and jobs must be idempotent; a singleton key makes an insert that
// several instances repeat (the scheduler's "saved-search-alerts:2026-11-25") land once.

export interface NewJob {
  name: string;
  payload?: Record<string, unknown>;
  /** Unique among all jobs ever kept: a second insert with the same key is ignored. */
  singletonKey?: string;
  runAt?: Date;
  maxAttempts?: number;
}

interface ClaimedJob {
  id: number;
  name: string;
  payload: Record<string, unknown>;
  singletonKey: string | null;
  /** This claim's attempt, from 1. */
  attempts: number;
  maxAttempts: number;
  lockedBy: string;
}

/** How long a claim holds a job before another worker may take it again (the instance is presumed dead). */
const DEFAULT_LOCK_MS = 15 * 60_000;

/** Waits before the next attempt of a failed job: 1, 4, 9 … minutes, at most an hour. */
export function retryDelayMs(attempts: number): number {
  return Math.min(60, Math.max(1, attempts) ** 2) * 60_000;
}

/** A name for this worker in locked_by: host, process and a random part (two workers in one process differ). */
function newWorkerId(): string {
  return `${os.hostname()}:${process.pid}:${crypto.randomBytes(3).toString("hex")}`;
}

const iso = (d: Date) => d.toISOString();

/** Adds a job; undefined when its singleton key is already taken (the job exists, or ran). */
export async function enqueueJob(db: Executor, job: NewJob): Promise<number | undefined> {
  const rows = resultRows<{ id: number }>(
    await db.execute(sql`
      insert into jobs (name, payload, singleton_key, run_at, max_attempts)
      values (${job.name}, ${JSON.stringify(job.payload ?? {})}::jsonb, ${job.singletonKey ?? null},
        ${iso(job.runAt ?? new Date())}::timestamptz, ${job.maxAttempts ?? 3})
      on conflict (singleton_key) do nothing
      returning id`),
  );
  return rows[0] ? Number(rows[0].id) : undefined;
}

interface JobRow {
  id: number;
  name: string;
  payload: Record<string, unknown> | string;
  singleton_key: string | null;
  attempts: number;
  max_attempts: number;
  locked_by: string;
}

/**
 * Claims the next due job for `workerId`, or undefined when none is due. Due: not finished, not
 * failed, run_at passed, and not held by a live claim. A job whose claim expired after its last
 * attempt is marked failed first (its instance died on each try).
 */
export async function claimJob(db: Executor, options: { workerId: string; now?: Date; lockMs?: number }): Promise<ClaimedJob | undefined> {
  const now = options.now ?? new Date();
  const lockedUntil = new Date(now.getTime() + (options.lockMs ?? DEFAULT_LOCK_MS));
  await db.execute(sql`
    update jobs set failed_at = ${iso(now)}::timestamptz, locked_until = null,
      last_error = coalesce(last_error, 'the worker running it stopped before finishing')
    where finished_at is null and failed_at is null and locked_until < ${iso(now)}::timestamptz and attempts >= max_attempts`);
  const rows = resultRows<JobRow>(
    await db.execute(sql`
      update jobs set locked_until = ${iso(lockedUntil)}::timestamptz, locked_by = ${options.workerId}, attempts = attempts + 1
      where id = (
        select id from jobs
        where finished_at is null and failed_at is null and run_at <= ${iso(now)}::timestamptz
          and (locked_until is null or locked_until < ${iso(now)}::timestamptz)
          and attempts < max_attempts
        order by run_at, id
        limit 1
        for update skip locked
      )
      returning id, name, payload, singleton_key, attempts, max_attempts, locked_by`),
  );
  const row = rows[0];
  if (!row) return undefined;
  return {
    id: Number(row.id),
    name: row.name,
    payload: typeof row.payload === "string" ? (JSON.parse(row.payload) as Record<string, unknown>) : (row.payload ?? {}),
    singletonKey: row.singleton_key,
    attempts: Number(row.attempts),
    maxAttempts: Number(row.max_attempts),
    lockedBy: row.locked_by,
  };
}

/** Marks a claimed job done with its result; false when the claim was lost (taken again after it expired). */
export async function finishJob(db: Executor, job: ClaimedJob, result: Record<string, unknown>, now = new Date()): Promise<boolean> {
  const rows = resultRows<{ id: number }>(
    await db.execute(sql`
      update jobs set finished_at = ${iso(now)}::timestamptz, locked_until = null, result = ${JSON.stringify(result)}::jsonb, last_error = null
      where id = ${job.id} and locked_by = ${job.lockedBy} and finished_at is null
      returning id`),
  );
  return rows.length > 0;
}

/**
 * Records a failed attempt: the job runs again after retryDelayMs, or is marked failed once it
 * has had max_attempts.
 */
export async function failJob(db: Executor, job: ClaimedJob, error: unknown, now = new Date()): Promise<"retry" | "failed"> {
  const message = (error instanceof Error ? error.stack || error.message : String(error)).slice(0, 4000);
  const final = job.attempts >= job.maxAttempts;
  const retryAt = new Date(now.getTime() + retryDelayMs(job.attempts));
  const next = final ? sql`failed_at = ${iso(now)}::timestamptz` : sql`run_at = ${iso(retryAt)}::timestamptz`;
  await db.execute(sql`
    update jobs set locked_until = null, last_error = ${message}, ${next}
    where id = ${job.id} and locked_by = ${job.lockedBy} and finished_at is null`);
  return final ? "failed" : "retry";
}

export type JobHandler = (job: ClaimedJob) => Promise<Record<string, unknown>>;

interface JobOutcome {
  id: number;
  name: string;
  status: "finished" | "retry" | "failed";
  result?: Record<string, unknown>;
  error?: string;
}

/** Claims one due job and runs it; undefined when none was due. A job without a handler fails. */
export async function runNextJob(
  db: Executor,
  handlers: Readonly<Record<string, JobHandler>>,
  options: { workerId: string; now?: Date; lockMs?: number },
): Promise<JobOutcome | undefined> {
  const job = await claimJob(db, options);
  if (!job) return undefined;
  try {
    const handler = Object.hasOwn(handlers, job.name) ? handlers[job.name] : undefined;
    if (!handler) throw new Error(`No job is named "${job.name}"`);
    const result = await handler(job);
    await finishJob(db, job, result, options.now);
    return { id: job.id, name: job.name, status: "finished", result };
  } catch (error) {
    const status = await failJob(db, job, error, options.now);
    return { id: job.id, name: job.name, status, error: error instanceof Error ? error.message : String(error) };
  }
}

/** Forgets finished and failed jobs older than `before` (the schedule's rows add up: 24 a day for an hourly job). */
async function pruneJobs(db: Executor, before: Date): Promise<number> {
  const rows = resultRows<{ id: number }>(
    await db.execute(sql`
      delete from jobs where (finished_at < ${iso(before)}::timestamptz or failed_at < ${iso(before)}::timestamptz)
      returning id`),
  );
  return rows.length;
}

// ---------------------------------------------------------------------------------------------
// The worker loop: one job at a time, polling while idle.

interface JobWorkerOptions {
  /** The database to work on, read at each tick (the process's handle). */
  db: () => Executor;
  handlers: Readonly<Record<string, JobHandler>>;
  /** Jobs to insert at each tick (the schedule's current runs, with singleton keys). */
  scheduled?: (now: Date) => NewJob[];
  pollMs?: number;
  workerId?: string;
  lockMs?: number;
  /** Told about each job that ran and each tick that failed (the server logs them). */
  onOutcome?: (outcome: JobOutcome) => void;
  onError?: (error: unknown) => void;
}

export interface JobWorker {
  readonly workerId: string;
  /** Stops polling and waits for the job running now, if any, to end. */
  stop(): Promise<void>;
}

const PRUNE_AFTER_MS = 30 * 24 * 3600_000;

export function startJobWorker(options: JobWorkerOptions): JobWorker {
  const workerId = options.workerId ?? newWorkerId();
  const pollMs = options.pollMs ?? 5_000;
  let stopping = false;
  let timer: NodeJS.Timeout | undefined;
  let wake: (() => void) | undefined;
  let lastPrune = 0;

  async function tick(): Promise<void> {
    const db = options.db();
    const now = new Date();
    for (const job of options.scheduled?.(now) ?? []) await enqueueJob(db, job);
    if (now.getTime() - lastPrune > 24 * 3600_000) {
      lastPrune = now.getTime();
      await pruneJobs(db, new Date(now.getTime() - PRUNE_AFTER_MS));
    }
    // Every due job, one after another, then wait for the next poll.
    while (!stopping) {
      const outcome = await runNextJob(db, options.handlers, { workerId, lockMs: options.lockMs });
      if (!outcome) break;
      options.onOutcome?.(outcome);
    }
  }

  const loop = (async () => {
    while (!stopping) {
      try {
        await tick();
      } catch (error) {
        options.onError?.(error);
      }
      if (stopping) break;
      await new Promise<void>((resolve) => {
        wake = resolve;
        timer = setTimeout(resolve, pollMs);
        // A waiting worker never keeps the process alive on its own.
        timer.unref();
      });
    }
  })();

  return {
    workerId,
    async stop() {
      stopping = true;
      if (timer) clearTimeout(timer);
      wake?.();
      await loop;
    },
  };
}
