import { describe, expect, it } from "vitest";
import { jobNames, mayRunJob, scheduledJobs } from "./jobs";

describe("job schedule", () => {
  it("names each run after its period, so every instance inserts it once", () => {
    const at = scheduledJobs(new Date("2026-11-25T10:41:00Z"));
    expect(at).toEqual(
      expect.arrayContaining([
        { name: "storage-cleanup", singletonKey: "storage-cleanup:2026-11-25T10", runAt: new Date("2026-11-25T10:00:00Z") },
        // 07:00 in South Africa is 05:00 UTC.
        { name: "saved-search-alerts", singletonKey: "saved-search-alerts:2026-11-25", runAt: new Date("2026-11-25T05:00:00Z") },
      ]),
    );
    expect(at.map((j) => j.name).sort()).toEqual([...jobNames].sort());
    // Later the same hour and day: the same keys.
    expect(scheduledJobs(new Date("2026-11-25T10:59:59Z")).map((j) => j.singletonKey)).toEqual(at.map((j) => j.singletonKey));
  });

  it("takes the day from the South African clock (UTC+2)", () => {
    const alerts = (iso: string) => scheduledJobs(new Date(iso)).find((j) => j.name === "saved-search-alerts")!;
    // 23:30 UTC on the 25th is 01:30 on the 26th in Johannesburg: the 26th's run, due at 07:00 there.
    expect(alerts("2026-11-25T23:30:00Z")).toMatchObject({ singletonKey: "saved-search-alerts:2026-11-26", runAt: new Date("2026-11-26T05:00:00Z") });
    expect(alerts("2026-11-25T21:59:00Z").singletonKey).toBe("saved-search-alerts:2026-11-25");
  });
});

describe("running a job by hand through the server", () => {
  const token = "t".repeat(43);
  const ok = { remoteAddress: "127.0.0.1", headers: { authorization: `Bearer ${token}` }, token };
  it("needs this machine, no proxy, and the server's token", () => {
    expect(mayRunJob(ok)).toBe(true);
    expect(mayRunJob({ ...ok, remoteAddress: "::1" })).toBe(true);
    expect(mayRunJob({ ...ok, remoteAddress: "10.0.0.7" })).toBe(false);
    expect(mayRunJob({ ...ok, headers: { ...ok.headers, "x-forwarded-for": "203.0.113.9" } })).toBe(false);
    expect(mayRunJob({ ...ok, headers: { authorization: `Bearer ${"x".repeat(43)}` } })).toBe(false);
    expect(mayRunJob({ ...ok, headers: {} })).toBe(false);
    expect(mayRunJob({ ...ok, token: undefined })).toBe(false);
  });
});
