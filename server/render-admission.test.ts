import http from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { metricsRegistry, observeRenderAdmission } from "~/lib/metrics.server";
import { type RenderAdmission, renderAdmission } from "./render-admission";

// A real server whose "renders" end when the test says so: each request that gets past the
// admission is recorded, and answered when its release is called.
interface Harness {
  origin: string;
  admission: RenderAdmission;
  started: string[];
  release: (path: string) => void;
  close: () => Promise<void>;
}

const servers: Harness[] = [];

async function harness(limit: number, maxWaitMs = 60_000): Promise<Harness> {
  const admission = renderAdmission({ limit, maxWaitMs });
  const started: string[] = [];
  const pending = new Map<string, () => void>();
  const app = express();
  app.use(admission);
  app.all("/{*splat}", (req, res) => {
    started.push(`${req.method} ${req.path}`);
    pending.set(req.path, () => res.send(`answered ${req.path}`));
  });
  const server = http.createServer(app);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const h: Harness = {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    admission,
    started,
    release: (path) => {
      const answer = pending.get(path);
      if (!answer) throw new Error(`${path} has not started`);
      pending.delete(path);
      answer();
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  servers.push(h);
  return h;
}

async function until(check: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((r) => setTimeout(r, 10));
  expect(check()).toBe(true);
}

afterEach(async () => {
  await Promise.all(servers.splice(0).map((h) => h.close()));
});

describe("renderAdmission", () => {
  it("lets `limit` reads in at once and the others in the order they came", async () => {
    const h = await harness(2);
    const answers: Array<Promise<string>> = [];
    for (const path of ["/a", "/b", "/c", "/d", "/e"]) {
      answers.push(fetch(h.origin + path).then((r) => r.text()));
      // Each request reaches the server before the next is sent, so their order is known.
      await until(() => h.admission.state().running + h.admission.state().waiting === answers.length);
    }
    expect(h.started).toEqual(["GET /a", "GET /b"]);
    expect(h.admission.state()).toEqual({ running: 2, waiting: 3 });

    h.release("/b");
    await until(() => h.started.length === 3);
    expect(h.started[2]).toBe("GET /c");
    h.release("/a");
    await until(() => h.started.length === 4);
    expect(h.started[3]).toBe("GET /d");
    for (const path of ["/c", "/d"]) h.release(path);
    await until(() => h.started.length === 5);
    h.release("/e");
    expect(await Promise.all(answers)).toEqual(["/a", "/b", "/c", "/d", "/e"].map((p) => `answered ${p}`));
    expect(h.admission.state()).toEqual({ running: 0, waiting: 0 });
  });

  it("never holds a POST: a seller's upload does not wait behind readers, nor take their place", async () => {
    const h = await harness(1);
    const read = fetch(`${h.origin}/page`);
    await until(() => h.started.length === 1);
    const post = fetch(`${h.origin}/upload`, { method: "POST", body: "photo" });
    await until(() => h.started.length === 2);
    expect(h.started).toEqual(["GET /page", "POST /upload"]);
    expect(h.admission.state()).toEqual({ running: 1, waiting: 0 });
    h.release("/upload");
    h.release("/page");
    expect((await post).status).toBe(200);
    expect((await read).status).toBe(200);
  });

  it("takes a client that gave up out of the line, and gives a place back when a client leaves mid-render", async () => {
    const h = await harness(1);
    const first = new AbortController();
    const running = fetch(`${h.origin}/first`, { signal: first.signal }).catch(() => "left");
    await until(() => h.admission.state().running === 1);
    const leaving = new AbortController();
    const gaveUp = fetch(`${h.origin}/gave-up`, { signal: leaving.signal }).catch(() => "left");
    await until(() => h.admission.state().waiting === 1);
    const patient = fetch(`${h.origin}/patient`).then((r) => r.text());
    await until(() => h.admission.state().waiting === 2);

    leaving.abort();
    expect(await gaveUp).toBe("left");
    await until(() => h.admission.state().waiting === 1);

    // The first client leaves before its page is ready: its place goes to the next in line.
    first.abort();
    expect(await running).toBe("left");
    await until(() => h.started.length === 2);
    expect(h.started).toEqual(["GET /first", "GET /patient"]);
    h.release("/patient");
    expect(await patient).toBe("answered /patient");
    expect(h.admission.state()).toEqual({ running: 0, waiting: 0 });
  });

  it("lets a request in that has waited too long, whatever the count", async () => {
    const h = await harness(1, 100);
    const stalled = fetch(`${h.origin}/stalled`).then((r) => r.text());
    await until(() => h.started.length === 1);
    const next = fetch(`${h.origin}/next`).then((r) => r.text());
    await until(() => h.admission.state().waiting === 1);
    // Nothing is given back, yet the waiting request starts after its 100 ms.
    await until(() => h.started.length === 2);
    expect(h.admission.state()).toEqual({ running: 2, waiting: 0 });
    h.release("/next");
    expect(await next).toBe("answered /next");
    h.release("/stalled");
    expect(await stalled).toBe("answered /stalled");
    expect(h.admission.state()).toEqual({ running: 0, waiting: 0 });
  });

  it("shows the line in the metrics: requests running and waiting", async () => {
    const h = await harness(1);
    observeRenderAdmission(h.admission.state);
    const answers = ["/one", "/two", "/three"].map((path) => fetch(h.origin + path).then((r) => r.text()));
    await until(() => h.admission.state().waiting === 2);
    const scraped = await metricsRegistry.getSingleMetricAsString("voitura_render_admission_requests");
    expect(scraped).toContain('voitura_render_admission_requests{state="running"} 1');
    expect(scraped).toContain('voitura_render_admission_requests{state="waiting"} 2');
    for (let answered = 1; answered <= 3; answered++) {
      await until(() => h.started.length === answered);
      h.release(h.started[answered - 1].slice(4));
    }
    await Promise.all(answers);
    expect(await metricsRegistry.getSingleMetricAsString("voitura_render_admission_requests")).toContain('voitura_render_admission_requests{state="waiting"} 0');
  });

  it("with a limit of 0, lets every request in at once", async () => {
    const h = await harness(0);
    const answers = ["/x", "/y", "/z"].map((path) => fetch(h.origin + path).then((r) => r.text()));
    await until(() => h.started.length === 3);
    for (const path of ["/z", "/y", "/x"]) h.release(path);
    expect(await Promise.all(answers)).toEqual(["answered /x", "answered /y", "answered /z"]);
  });
});
