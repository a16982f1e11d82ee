import { type EventLoopUtilization, performance } from "node:perf_hooks";
import { Worker } from "node:worker_threads";
import type { DocumentApart } from "~/lib/document-apart.server";

/**
 * Render threads (decision 021): worker threads that each load the server build and render the
 * documents handed to them, so one process renders on every core while its main thread runs the
 * loaders, the database and the sockets. Under load the main thread was the limit (it rendered,
 * encoded and served every page) with a third of the machine idle.
 *
 * A document goes to the thread with the fewest in hand. Whatever cannot be rendered there comes
 * back as null and is rendered on the main thread, as before: a thread still starting, one that
 * failed or did not answer in time, data a thread cannot be handed (a function, a promise).
 *
 * Each thread holds its own copy of the app (about 85 MB), so by default they start only when
 * documents keep the main thread busy, and stop after a quiet spell: a quiet instance keeps its
 * memory for other work (a seller's photos are decoded in it).
 */

/** A thread that has not answered within this is taken for stuck: replaced, its documents rendered here. */
const RENDER_THREAD_TIMEOUT_MS = 10_000;
/** After a thread ends unexpectedly, the wait before starting its replacement. */
const RESTART_DELAY_MS = 1_000;
/** Threads that end before they are ready this many times in a row are not started again (a build that cannot load). */
export const MAX_FAILED_STARTS = 3;
/** How often the main thread's load is read. */
const LOAD_WINDOW_MS = 1_000;
/** A window this busy (the event loop's utilisation)… */
const BUSY_UTILISATION = 0.5;
/** …in which at least this many documents were asked for starts the threads. */
export const BUSY_DOCUMENTS = 5;
/** Threads stop after this long without a busy window. */
const QUIET_STOP_MS = 10 * 60_000;

interface Pending {
  resolve: (bytes: Buffer | null) => void;
  timer: NodeJS.Timeout;
}

interface RenderThread {
  worker: Worker;
  ready: boolean;
  pending: Map<number, Pending>;
}

type Answer = { ready: true } | { id: number; bytes: Uint8Array | null; error?: string };

export interface RenderThreads {
  /** The document's bytes from a render thread, or null: render it here. */
  render(document: DocumentApart): Promise<Buffer | null>;
  /** Threads that have loaded the build and take documents. */
  readyCount(): number;
  /** Whether the threads are started (or starting). */
  running(): boolean;
  close(): Promise<void>;
}

interface RenderThreadOptions {
  count: number;
  /** The thread's script: it loads the build and answers `{ id, document }` messages (server/render-thread.js). */
  script: string | URL;
  /** "load": when documents keep the main thread busy, stopped after a quiet spell (the default); "start": at once, kept. */
  startOn?: "load" | "start";
  timeoutMs?: number;
  onError?: (error: unknown, context: string) => void;
  onInfo?: (message: string) => void;
  /** For tests: the main thread's event loop utilisation since `previous` (perf_hooks' by default). */
  utilisation?: (previous?: EventLoopUtilization) => EventLoopUtilization;
  loadWindowMs?: number;
  quietStopMs?: number;
}

export function startRenderThreads(options: RenderThreadOptions): RenderThreads {
  const timeoutMs = options.timeoutMs ?? RENDER_THREAD_TIMEOUT_MS;
  const report = options.onError ?? (() => {});
  const info = options.onInfo ?? (() => {});
  const threads: RenderThread[] = [];
  let nextId = 1;
  let closing = false;
  let started = false;
  // Threads in a row that ended before they were ready; any ready thread resets it.
  let failedStarts = 0;
  let givenUp = false;
  const uncloneablePages = new Set<string>();

  /** Every document a thread holds goes back to be rendered on the main thread. */
  const giveBackAll = (thread: RenderThread) => {
    for (const [, pending] of thread.pending) {
      clearTimeout(pending.timer);
      pending.resolve(null);
    }
    thread.pending.clear();
  };

  const start = (slot: number) => {
    const worker = new Worker(options.script, { env: process.env, stdout: false, stderr: false });
    const thread: RenderThread = { worker, ready: false, pending: new Map() };
    threads[slot] = thread;
    let everReady = false;
    worker.on("message", (answer: Answer) => {
      if ("ready" in answer) {
        everReady = true;
        thread.ready = true;
        failedStarts = 0;
        return;
      }
      const pending = thread.pending.get(answer.id);
      if (!pending) return;
      thread.pending.delete(answer.id);
      clearTimeout(pending.timer);
      if (answer.error) report(new Error(answer.error), "render thread could not render a document");
      const bytes = answer.bytes;
      pending.resolve(bytes ? Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) : null);
    });
    worker.on("error", (error) => report(error, "render thread failed"));
    worker.on("exit", (code) => {
      thread.ready = false;
      giveBackAll(thread);
      if (closing || !started || threads[slot] !== thread || givenUp) return;
      if (!everReady && ++failedStarts >= MAX_FAILED_STARTS) {
        givenUp = true;
        report(new Error(`render threads ended ${failedStarts} times before they were ready (last code ${code})`), "render threads given up: documents render on the main thread");
        return;
      }
      report(new Error(`render thread ended with code ${code}`), "render thread ended: starting another");
      setTimeout(() => {
        if (!closing && started && threads[slot] === thread) start(slot);
      }, RESTART_DELAY_MS).unref();
    });
    // A thread never keeps the process alive on its own.
    worker.unref();
  };

  const startAll = () => {
    if (started || closing || givenUp) return;
    started = true;
    for (let slot = 0; slot < options.count; slot++) start(slot);
  };

  const stopAll = async () => {
    if (!started) return;
    started = false;
    const stopping = threads.splice(0);
    await Promise.all(
      stopping.map(async (thread) => {
        thread.ready = false;
        giveBackAll(thread);
        await thread.worker.terminate();
      }),
    );
  };

  // Documents asked for in the current window, and when the main thread was last busy with them.
  let asked = 0;
  let lastBusyAt = Date.now();
  let monitor: NodeJS.Timeout | undefined;
  if ((options.startOn ?? "load") === "start") startAll();
  else {
    const utilisation = options.utilisation ?? ((previous?: EventLoopUtilization) => performance.eventLoopUtilization(previous));
    const quietStopMs = options.quietStopMs ?? QUIET_STOP_MS;
    let last = utilisation();
    monitor = setInterval(() => {
      const busy = utilisation(last).utilization >= BUSY_UTILISATION && asked >= BUSY_DOCUMENTS;
      last = utilisation();
      asked = 0;
      if (busy) {
        lastBusyAt = Date.now();
        if (!started) {
          info("documents keep the main thread busy: starting the render threads");
          startAll();
        }
      } else if (started && Date.now() - lastBusyAt >= quietStopMs) {
        info("quiet: stopping the render threads");
        void stopAll();
      }
    }, options.loadWindowMs ?? LOAD_WINDOW_MS);
    monitor.unref();
  }

  const leastBusy = (): RenderThread | undefined => {
    let best: RenderThread | undefined;
    for (const thread of threads) if (thread?.ready && (!best || thread.pending.size < best.pending.size)) best = thread;
    return best;
  };

  return {
    render(document) {
      asked++;
      const thread = leastBusy();
      if (!thread) return Promise.resolve(null);
      const id = nextId++;
      return new Promise((resolve) => {
        const timer = setTimeout(() => {
          if (!thread.pending.delete(id)) return;
          report(new Error(`no answer within ${timeoutMs} ms`), "render thread stuck: replacing it");
          resolve(null);
          // No more documents for it; its others go back when it exits, and the exit handler
          // starts its replacement.
          thread.ready = false;
          void thread.worker.terminate();
        }, timeoutMs);
        timer.unref();
        thread.pending.set(id, { resolve, timer });
        try {
          thread.worker.postMessage({ id, document });
        } catch (error) {
          // Data a thread cannot be handed (DataCloneError): rendered here, and said once per page,
          // as a page whose loader returns a function, a promise or a class instance is a mistake.
          const page = document.router.matches.at(-1)?.routeId ?? "?";
          if (!uncloneablePages.has(page)) {
            uncloneablePages.add(page);
            report(error, `the loader data of ${page} cannot be handed to a render thread (return plain data: no functions, promises or class instances): rendered on the main thread`);
          }
          thread.pending.delete(id);
          clearTimeout(timer);
          resolve(null);
        }
      });
    },
    readyCount: () => threads.filter((thread) => thread?.ready).length,
    running: () => started,
    async close() {
      closing = true;
      clearInterval(monitor);
      await stopAll();
    },
  };
}
