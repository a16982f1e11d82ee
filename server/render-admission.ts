import type { NextFunction, Request, Response } from "express";
import type { RenderLineCounts } from "~/lib/metrics.server";

/**
 * Reads that reach React Router (the page cache missed) are let in a few at a time, in the order
 * they came; the others wait here (decision 020). A render is mostly the main thread's work:
 * started all at once, fifty renders share the thread and each takes as long as the slowest,
 * while the garbage collector keeps all of their objects alive. Taken in turn, each answers
 * after the ones before it: the bench measured the p99 at 1.3 to 1.7 times the median, not 2.
 *
 * Only GET and HEAD wait: a POST may stream a seller's photos for seconds and must not hold a
 * place that readers need. A place is given back when the answer is sent or the client leaves;
 * a client that leaves while waiting leaves the line. A request that has waited `maxWaitMs` goes
 * in whatever the count: the limit bends rather than holding pages behind renders that are
 * themselves waiting (for a database that is not answering, up to its connect timeout).
 */
interface RenderAdmissionOptions {
  /** Requests rendering at once; 0 lets every request in at once. */
  limit: number;
  /** The longest a request waits for a place before it goes in anyway. */
  maxWaitMs: number;
}

export interface RenderAdmission {
  (req: Request, res: Response, next: NextFunction): void;
  /** Requests being answered, and requests waiting for a place (the metrics read these). */
  readonly state: () => RenderLineCounts;
}

const WAITING_METHODS = new Set(["GET", "HEAD"]);

export function renderAdmission({ limit, maxWaitMs }: RenderAdmissionOptions): RenderAdmission {
  let running = 0;
  const line: Array<() => void> = [];

  const giveBack = () => {
    running--;
    while (running < limit && line.length > 0) line.shift()!();
  };

  const admit = (req: Request, res: Response, next: NextFunction) => {
    if (limit <= 0 || !WAITING_METHODS.has(req.method)) return next();
    let state: "waiting" | "running" | "done" = "waiting";
    let timer: NodeJS.Timeout | undefined;
    const leaveLine = () => {
      const at = line.indexOf(start);
      if (at >= 0) line.splice(at, 1);
    };
    const start = () => {
      if (state !== "waiting") return;
      state = "running";
      if (timer) clearTimeout(timer);
      running++;
      next();
    };
    const end = () => {
      if (state === "running") {
        state = "done";
        giveBack();
      } else if (state === "waiting") {
        state = "done";
        if (timer) clearTimeout(timer);
        leaveLine();
      }
    };
    res.once("finish", end);
    res.once("close", end);
    if (running < limit) return start();
    line.push(start);
    timer = setTimeout(() => {
      leaveLine();
      start();
    }, maxWaitMs);
  };
  return Object.assign(admit, { state: () => ({ running, waiting: line.length }) });
}
