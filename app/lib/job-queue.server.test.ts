import { sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { useTestDatabase } from "../../tests/setup/database";
import { resultRows } from "./db.server";
import { claimJob, enqueueJob, failJob, finishJob, type JobHandler, retryDelayMs, runNextJob, startJobWorker } from "./job-queue.server";

const database = useTestDatabase();
const db = () => database().db;

interface Row {
  id: number;
  name: string;
  attempts: number;
  finished_at: Date | string | null;
  failed_at: Date | string | null;
  last_error: string | null;
  result: unknown;
  run_at: Date | string;
  locked_by: string | null;
}
const rows = async () => resultRows<Row>(await db().execute(sql`select * from jobs order by id`));
const at = (iso: string) => new Date(iso);

beforeEach(async () => {
  await db().execute(sql`delete from jobs`);
});

describe("job queue", () => {
  it("inserts a job with a singleton key once, however many times it is asked", async () => {
    const first = await enqueueJob(db(), { name: "alerts", singletonKey: "alerts:2026-11-25" });
    const second = await enqueueJob(db(), { name: "alerts", singletonKey: "alerts:2026-11-25" });
    await enqueueJob(db(), { name: "alerts" });
    await enqueueJob(db(), { name: "alerts" });
    expect(first).toBeTypeOf("number");
    expect(second).toBeUndefined();
    expect(await rows()).toHaveLength(3);
  });

  it("claims only due jobs, the oldest first, and not one another worker holds", async () => {
    const now = at("2026-11-25T10:00:00Z");
    const later = await enqueueJob(db(), { name: "later", runAt: at("2026-11-25T11:00:00Z") });
    const due = await enqueueJob(db(), { name: "due", runAt: at("2026-11-25T09:00:00Z") });
    const older = await enqueueJob(db(), { name: "older", runAt: at("2026-11-25T08:00:00Z") });

    const a = await claimJob(db(), { workerId: "a", now });
    const b = await claimJob(db(), { workerId: "b", now });
    const c = await claimJob(db(), { workerId: "c", now });
    expect([a?.id, b?.id, c]).toEqual([older, due, undefined]);
    expect(a).toMatchObject({ name: "older", attempts: 1, lockedBy: "a" });
    expect(later).toBeTypeOf("number");
  });

  it("takes a job again when its worker's claim expired (the instance died), until its attempts run out", async () => {
    const id = await enqueueJob(db(), { name: "cleanup", runAt: at("2026-11-25T09:00:00Z"), maxAttempts: 2 });
    const first = await claimJob(db(), { workerId: "dead", now: at("2026-11-25T10:00:00Z"), lockMs: 60_000 });
    expect(first?.id).toBe(id);
    // Still held a moment later.
    expect(await claimJob(db(), { workerId: "other", now: at("2026-11-25T10:00:30Z") })).toBeUndefined();
    const second = await claimJob(db(), { workerId: "other", now: at("2026-11-25T10:01:01Z"), lockMs: 60_000 });
    expect(second).toMatchObject({ id, attempts: 2, lockedBy: "other" });
    // The first worker's late finish is refused: the job is the other's now.
    expect(await finishJob(db(), first!, { late: true })).toBe(false);
    // The second dies too: with no attempt left, the next look marks it failed.
    expect(await claimJob(db(), { workerId: "third", now: at("2026-11-25T10:03:00Z") })).toBeUndefined();
    const [row] = await rows();
    expect(row!.failed_at).not.toBeNull();
    expect(row!.last_error).toMatch(/stopped before finishing/);
  });

  it("retries a failed job after a delay, then marks it failed after its last attempt", async () => {
    const id = await enqueueJob(db(), { name: "mail", runAt: at("2026-11-25T09:00:00Z"), maxAttempts: 2 });
    const now = at("2026-11-25T10:00:00Z");
    const first = await claimJob(db(), { workerId: "w", now });
    expect(await failJob(db(), first!, new Error("SMTP down"), now)).toBe("retry");
    let [row] = await rows();
    expect(new Date(row!.run_at).getTime()).toBe(now.getTime() + retryDelayMs(1));
    expect(row!.last_error).toMatch(/SMTP down/);
    expect(await claimJob(db(), { workerId: "w", now })).toBeUndefined();

    const retryTime = new Date(now.getTime() + retryDelayMs(1));
    const second = await claimJob(db(), { workerId: "w", now: retryTime });
    expect(second).toMatchObject({ id, attempts: 2 });
    expect(await failJob(db(), second!, new Error("still down"), retryTime)).toBe("failed");
    [row] = await rows();
    expect(row!.failed_at).not.toBeNull();
    expect(await claimJob(db(), { workerId: "w", now: at("2026-12-25T10:00:00Z") })).toBeUndefined();
  });

  it("runs the next job through its handler and keeps the result; an unknown name fails", async () => {
    await enqueueJob(db(), { name: "count", payload: { n: 2 } });
    await enqueueJob(db(), { name: "nobody-knows", maxAttempts: 1 });
    const handlers: Record<string, JobHandler> = { count: async (job) => ({ doubled: Number(job.payload.n) * 2 }) };
    expect(await runNextJob(db(), handlers, { workerId: "w" })).toMatchObject({ name: "count", status: "finished", result: { doubled: 4 } });
    expect(await runNextJob(db(), handlers, { workerId: "w" })).toMatchObject({ name: "nobody-knows", status: "failed" });
    expect(await runNextJob(db(), handlers, { workerId: "w" })).toBeUndefined();
    const [done, failed] = await rows();
    expect(done!.finished_at).not.toBeNull();
    expect(done!.result).toEqual({ doubled: 4 });
    expect(failed!.last_error).toMatch(/No job is named "nobody-knows"/);
  });

  it("a worker inserts the scheduled runs, runs them, and stops cleanly", async () => {
    const ran: string[] = [];
    const worker = startJobWorker({
      db,
      pollMs: 20,
      handlers: {
        hourly: async (job) => {
          ran.push(job.singletonKey ?? "");
          return {};
        },
      },
      scheduled: () => [{ name: "hourly", singletonKey: "hourly:2026-11-25T10", runAt: at("2026-11-25T10:00:00Z") }],
    });
    await expect.poll(() => ran.length).toBe(1);
    // Several more ticks: the singleton key keeps it to one run.
    await new Promise((resolve) => setTimeout(resolve, 120));
    await worker.stop();
    expect(ran).toEqual(["hourly:2026-11-25T10"]);
    expect(await rows()).toHaveLength(1);
  });

  it("two workers claiming at the same time run each job once", async () => {
    const total = 30;
    for (let i = 0; i < total; i++) await enqueueJob(db(), { name: "work", payload: { i } });
    const runs = new Map<number, string[]>();
    const handlers = (worker: string): Record<string, JobHandler> => ({
      work: async (job) => {
        const i = Number(job.payload.i);
        runs.set(i, [...(runs.get(i) ?? []), worker]);
        // Let the other worker's claim interleave with this job.
        await new Promise((resolve) => setTimeout(resolve, 2));
        return {};
      },
    });
    const drain = async (worker: string) => {
      while (await runNextJob(db(), handlers(worker), { workerId: worker })) {
        // next
      }
    };
    await Promise.all([drain("a"), drain("b")]);
    expect([...runs.keys()].sort((x, y) => x - y)).toEqual(Array.from({ length: total }, (_, i) => i));
    expect([...runs.values()].every((workers) => workers.length === 1)).toBe(true);
    if (database().kind === "postgres") {
      // On PostgreSQL the two really ran side by side (two connections of the pool).
      expect(new Set([...runs.values()].flat())).toEqual(new Set(["a", "b"]));
    }
  });
});
