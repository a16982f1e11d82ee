import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { EventLoopUtilization } from "node:perf_hooks";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { DocumentApart } from "~/lib/document-apart.server";
import { BUSY_DOCUMENTS, MAX_FAILED_STARTS, type RenderThreads, startRenderThreads } from "./render-threads";

// Real worker threads running small scripts that answer as server/render-thread.js does: the
// document's URL as its bytes. A URL ending in /crash ends the thread, /hang never answers,
// /fail throws and /null is a document that needs the streaming renderer.
const THREAD_SCRIPT = `
import { parentPort, threadId } from "node:worker_threads";
parentPort.on("message", ({ id, document }) => {
  if (document.url.endsWith("/crash")) process.exit(3);
  if (document.url.endsWith("/hang")) return;
  let bytes = null, error;
  try {
    if (document.url.endsWith("/fail")) throw new Error("render failed");
    if (!document.url.endsWith("/null")) bytes = new TextEncoder().encode(document.url + " by " + threadId);
  } catch (err) { error = err.message; }
  parentPort.postMessage({ id, bytes, error }, bytes ? [bytes.buffer] : []);
});
parentPort.postMessage({ ready: true });
`;

let folder: string;
let script: string;
let brokenScript: string;
beforeAll(() => {
  folder = fs.mkdtempSync(path.join(os.tmpdir(), "render-threads-"));
  script = path.join(folder, "thread.mjs");
  fs.writeFileSync(script, THREAD_SCRIPT);
  // A build that cannot load: the thread ends before it is ready.
  brokenScript = path.join(folder, "broken.mjs");
  fs.writeFileSync(brokenScript, `throw new Error("Cannot find module build/server/index.js");`);
});
afterAll(() => fs.rmSync(folder, { recursive: true, force: true }));

let pool: RenderThreads | undefined;
afterEach(async () => {
  await pool?.close();
  pool = undefined;
});

function documentAt(url: string, loaderData: Record<string, unknown> = {}): DocumentApart {
  return {
    url,
    nonce: "n",
    requestId: "r",
    fragments: {},
    printed: undefined,
    router: { basename: "/", location: { pathname: "/", search: "", hash: "", state: null, key: "default" }, matches: [], loaderData, actionData: null, statusCode: 200, serverHandoffString: undefined, handoffReads: [{ done: true, value: "" }] },
  };
}

const text = (bytes: Buffer | null) => bytes?.toString("utf8") ?? null;

async function until(check: () => boolean, what: string, timeoutMs = 5_000): Promise<void> {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe("render threads", () => {
  it("render on the threads once they are ready, the least busy first, and here before", async () => {
    const errors: unknown[] = [];
    pool = startRenderThreads({ count: 2, script, startOn: "start", onError: (error) => errors.push(error) });
    // Still loading: the document is rendered here.
    expect(await pool.render(documentAt("/early"))).toBeNull();
    await until(() => pool!.readyCount() === 2, "two ready threads");
    const answers = await Promise.all(["/a", "/b", "/c", "/d"].map((url) => pool!.render(documentAt(url))).map(async (bytes) => text(await bytes)));
    expect(answers.map((answer) => answer?.split(" by ")[0])).toEqual(["/a", "/b", "/c", "/d"]);
    // Handed out in turn to the thread with fewer in hand: both threads rendered.
    expect(new Set(answers.map((answer) => answer?.split(" by ")[1])).size).toBe(2);
    expect(errors).toEqual([]);
  });

  it("give back what a thread cannot render, cannot be handed, or does not answer in time", async () => {
    const errors: string[] = [];
    pool = startRenderThreads({ count: 1, script, startOn: "start", timeoutMs: 300, onError: (error, context) => errors.push(`${context}: ${String(error)}`) });
    await until(() => pool!.readyCount() === 1, "a ready thread");
    expect(await pool.render(documentAt("/null"))).toBeNull();
    expect(await pool.render(documentAt("/fail"))).toBeNull();
    expect(errors.some((line) => line.includes("render failed"))).toBe(true);
    // A function cannot cross to a thread (DataCloneError): rendered here, the thread unharmed.
    expect(await pool.render(documentAt("/fn", { format: () => "R 1" }))).toBeNull();
    // ...and said once, with the fix, so the page's author sees it in the log.
    expect(errors.filter((line) => line.includes("cannot be handed to a render thread (return plain data"))).toHaveLength(1);
    expect(await pool.render(documentAt("/fn", { format: () => "R 1" }))).toBeNull();
    expect(errors.filter((line) => line.includes("cannot be handed to a render thread"))).toHaveLength(1);
    expect(text(await pool.render(documentAt("/after")))).toMatch(/^\/after by /);
    // A thread that does not answer is taken for stuck and replaced.
    expect(await pool.render(documentAt("/hang"))).toBeNull();
    expect(errors.some((line) => line.includes("stuck"))).toBe(true);
    await until(() => pool!.readyCount() === 1, "the replacement thread", 5_000);
    expect(text(await pool.render(documentAt("/again")))).toMatch(/^\/again by /);
  });

  it("start another thread when one ends, its documents rendered here meanwhile", async () => {
    const errors: string[] = [];
    pool = startRenderThreads({ count: 1, script, startOn: "start", onError: (error, context) => errors.push(`${context}: ${String(error)}`) });
    await until(() => pool!.readyCount() === 1, "a ready thread");
    const first = text(await pool.render(documentAt("/one")));
    expect(await pool.render(documentAt("/crash"))).toBeNull();
    expect(errors.some((line) => line.includes("ended with code 3"))).toBe(true);
    await until(() => pool!.readyCount() === 1, "the replacement thread", 5_000);
    const second = text(await pool.render(documentAt("/two")));
    expect(second).toMatch(/^\/two by /);
    // Another thread answered.
    expect(second!.split(" by ")[1]).not.toBe(first!.split(" by ")[1]);
  });

  it("are given up, not restarted for ever, when they end before they are ready", async () => {
    const errors: string[] = [];
    pool = startRenderThreads({ count: 1, script: brokenScript, startOn: "start", onError: (error, context) => errors.push(`${context}: ${String(error)}`) });
    await until(() => errors.some((line) => line.includes("given up")), "the threads to be given up", 10_000);
    expect(errors.filter((line) => line.includes("starting another"))).toHaveLength(MAX_FAILED_STARTS - 1);
    // No more starts: every document renders here.
    await new Promise((resolve) => setTimeout(resolve, 1_300));
    expect(errors.filter((line) => line.includes("starting another"))).toHaveLength(MAX_FAILED_STARTS - 1);
    expect(await pool.render(documentAt("/here"))).toBeNull();
  });

  it("start only when documents keep the main thread busy, and stop after a quiet spell", async () => {
    let utilisation = 0;
    const reading = (previous?: EventLoopUtilization): EventLoopUtilization => ({ idle: 0, active: 0, utilization: previous ? utilisation : 0 });
    const messages: string[] = [];
    pool = startRenderThreads({ count: 1, script, utilisation: reading, loadWindowMs: 25, quietStopMs: 300, onInfo: (message) => messages.push(message) });
    // Busy, but not with documents: nothing starts.
    utilisation = 0.9;
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(pool.running()).toBe(false);
    // Documents asked for in a busy window: the threads start and then take them.
    for (let i = 0; i < BUSY_DOCUMENTS; i++) expect(await pool.render(documentAt(`/busy-${i}`))).toBeNull();
    await until(() => pool!.running(), "the threads to start");
    await until(() => pool!.readyCount() === 1, "a ready thread");
    expect(text(await pool.render(documentAt("/taken")))).toMatch(/^\/taken by /);
    // Quiet again: they stop, and the documents are rendered here.
    utilisation = 0.05;
    await until(() => !pool!.running(), "the threads to stop");
    expect(await pool.render(documentAt("/quiet"))).toBeNull();
    expect(messages).toEqual(["documents keep the main thread busy: starting the render threads", "quiet: stopping the render threads"]);
  });
});
