// Load runs: autocannon at a number of connections (throughput: the app as served, rendering,
// and nginx's ceiling), and an open-loop client at a fixed rate (search_suggestion's latency).
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import autocannon from "autocannon";
import { startNginx } from "./nginx.mjs";
import { CONNECTIONS, DURATION, RENDER_WARMUP_SECONDS, WARMUP_SECONDS } from "./options.mjs";
import { freePort, log, stopChild, tmp, withTimeout } from "./processes.mjs";
import { BYPASS_TOKEN } from "./server.mjs";

/** search_suggestion at a fixed rate, with the queries people type (prefixes, typos, brand + model). */
export const SUGGESTION_QUERIES = ["co", "cor", "corola", "polo", "vw polo", "hil", "hilux", "ranger", "merc c", "bmw x", "tiggo", "haval h6", "swift", "fortuner", "citroen", "kia so", "mahindra", "jimny", "golf", "ev", "land cruiser", "starlet", "gwm p", "chery", "toyota", "ford ev", "byd at", "audi q", "omoda", "suzuki"];
export const SUGGESTION_RATE = 200;

/** The value at quantile `q` (0 to 1) of ascending `sorted` values, undefined when there is none. */
export function quantile(sorted, q) {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
}

/** The Accept-Encoding of today's browsers. */
export const BROWSER_ACCEPT_ENCODING = "gzip, deflate, br, zstd";

/**
 * Requests per second and p99 latency of `url` at `connections` for `seconds`.
 *
 * With `warmupSeconds`, the same connections first run that long unmeasured, and only requests
 * sent after it count (their rate, latencies, and the window `onWindowStart` is called at): the
 * steady state. Node's libuv accepts one connection per turn of its event loop, so when 50
 * connections open at once on a server busy rendering, the k-th one waits for k turns, each of
 * which serves every connection already accepted: the last first requests waited seconds
 * (bench/README.md), a ramp of the load client's making that a fresh run's p99 measured instead
 * of the server's steady latency.
 */
export async function load(url, seconds, connections, extraHeaders = {}, { warmupSeconds = 0, onWindowStart } = {}) {
  const instance = autocannon({
    url,
    duration: warmupSeconds + seconds,
    connections,
    // What Chromium and Firefox send: the server picks the encoding (the bench asked for gzip
    // alone until 2026-11-29, and so never saw that browsers were given brotli, at a third more
    // of a render's main thread; decision 012).
    headers: { "accept-encoding": BROWSER_ACCEPT_ENCODING, ...extraHeaders },
  });
  let windowStart = null;
  const latencies = [];
  let non2xx = 0;
  if (warmupSeconds > 0) {
    setTimeout(() => {
      windowStart = performance.now();
      onWindowStart?.();
    }, warmupSeconds * 1000);
    instance.on("response", (_client, statusCode, _bytes, responseTime) => {
      if (windowStart === null || performance.now() - responseTime < windowStart) return;
      latencies.push(responseTime);
      if (statusCode < 200 || statusCode > 299) non2xx += 1;
    });
  } else {
    onWindowStart?.();
  }
  const result = await withTimeout(instance, (warmupSeconds + seconds + 30) * 1000, `autocannon ${url}`);
  const errors = result.errors + result.timeouts;
  if (warmupSeconds === 0) {
    return { requestsPerSecond: Math.round(result.requests.average), p99Ms: result.latency.p99, requests: result.requests.total, non2xx: result.non2xx, errors };
  }
  // The window opened unless the run ended first (an error): then nothing counts.
  const windowSeconds = windowStart === null ? 0 : (performance.now() - windowStart) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (q) => (latencies.length ? Math.round(quantile(latencies, q)) : null);
  return {
    requestsPerSecond: windowSeconds > 0 ? Math.round(latencies.length / windowSeconds) : 0,
    p50Ms: at(0.5),
    p99Ms: at(0.99),
    requests: latencies.length,
    non2xx,
    // Connection errors and timeouts are counted over the whole run, warm-up included.
    errors,
  };
}

/**
 * Latency at a fixed request rate, open loop: request k is due at start + k/rate whatever the
 * earlier ones did, and its latency runs from when it was due to its last byte, so a slow
 * server is not hidden by a client that waits (autocannon's rate limiter bursts and adds tens of
 * milliseconds of its own on this machine, so it is not used here).
 */
export function fixedRateLatency(origin, paths, rate, seconds) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  const total = Math.round(rate * seconds);
  const latencies = [];
  let failed = 0;
  let sent = 0;
  const start = performance.now();
  return withTimeout(
    new Promise((resolve) => {
      const finish = () => {
        agent.destroy();
        latencies.sort((a, b) => a - b);
        const at = (q) => Number((quantile(latencies, q) ?? 0).toFixed(1));
        resolve({ ratePerSecond: rate, requests: total, p50Ms: at(0.5), p99Ms: at(0.99), maxMs: at(1), non2xx: failed, errors: 0 });
      };
      const one = (k) => {
        const due = start + (k * 1000) / rate;
        const req = http.get(`${origin}${paths[k % paths.length]}`, { agent, headers: { "accept-encoding": BROWSER_ACCEPT_ENCODING } }, (res) => {
          if (res.statusCode !== 200) failed += 1;
          res.resume();
          res.on("end", () => {
            latencies.push(performance.now() - due);
            if (latencies.length + 0 === total) finish();
          });
        });
        req.on("error", () => {
          failed += 1;
          latencies.push(performance.now() - due);
          if (latencies.length === total) finish();
        });
      };
      const tick = () => {
        const due = Math.min(total, Math.floor(((performance.now() - start) * rate) / 1000) + 1);
        while (sent < due) one(sent++);
        if (sent < total) setTimeout(tick, 1);
      };
      tick();
    }),
    (seconds + 30) * 1000,
    "fixed-rate latency",
  );
}

const suggestionPath = (q) => `/api.php?endpoint=search_suggestion&search=${encodeURIComponent(q)}`;

/** search_suggestion at 200 requests/s: the queries people type, taken in turn (as served, answers cached). */
export function suggestionLatency(origin, seconds) {
  return fixedRateLatency(origin, SUGGESTION_QUERIES.map(suggestionPath), SUGGESTION_RATE, seconds);
}

/**
 * The same with every query new to the server (brand and model names cut at 3 to 8 letters, some
 * with a letter dropped): each one goes to the database.
 */
export async function coldSuggestionLatency(origin, seconds) {
  const brands = await (await fetch(`${origin}/menus/brands.json`, { signal: AbortSignal.timeout(10_000) })).json();
  const queries = new Set();
  for (const brand of brands) {
    for (const model of brand.models) {
      const name = model.name.toLowerCase();
      for (let n = 3; n <= Math.min(8, name.length); n++) queries.add(name.slice(0, n));
      queries.add(`${brand.name.toLowerCase().slice(0, 4)} ${name.slice(0, 4)}`);
      if (name.length > 4) queries.add(name.slice(0, 2) + name.slice(3));
    }
  }
  const list = [...queries].slice(0, Math.round(SUGGESTION_RATE * seconds));
  return fixedRateLatency(origin, list.map(suggestionPath), SUGGESTION_RATE, Math.min(seconds, list.length / SUGGESTION_RATE));
}

/** search_suggestion at a fixed rate, answers cached, then every query new to the server. */
export async function measureSuggestions(origin) {
  log(`search_suggestion: warm-up, then ${DURATION} s at ${SUGGESTION_RATE} requests/s`);
  await suggestionLatency(origin, WARMUP_SECONDS);
  const suggestions = await suggestionLatency(origin, DURATION);
  log(`search_suggestion: ${DURATION} s of queries the server has not seen (database every time)`);
  suggestions.cold = await coldSuggestionLatency(origin, DURATION);
  return suggestions;
}

// Linux's clock ticks per second (USER_HZ), the unit of /proc's CPU times.
const TICKS_PER_SECOND = 100;

/**
 * CPU time (ms) a process has used, its main thread (JavaScript, the embedded database) and all
 * its threads (compression too), and its minor page faults (all threads): a fault is memory
 * touched for the first time, about 10 µs each on the two-core machines (decision 012).
 */
export function cpuMs(pid) {
  const read = (file) => fs.readFileSync(file, "utf8").split(") ")[1].split(" ");
  const ms = (fields) => ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
  try {
    const all = read(`/proc/${pid}/stat`);
    return { main: ms(read(`/proc/${pid}/task/${pid}/stat`)), all: ms(all), minorFaults: Number(all[7]) };
  } catch {
    return null; // not Linux, or the process is gone
  }
}

/**
 * Per page: the app as served, the app rendering every request, and, when `nginx` (its binary)
 * is given, nginx serving the saved HTML. With the server's `pid`, a render's CPU time too: the
 * figure that holds when other work shares the machine (requests/s do not).
 */
export async function measureLoad(origin, results, savedHtml, nginx, pid) {
  const siteDir = path.join(tmp, "site");
  fs.mkdirSync(siteDir, { recursive: true });
  let nginxProcess;
  let nginxPort;

  const renderEveryRequest = { "x-page-cache-bypass": BYPASS_TOKEN };
  if (RENDER_WARMUP_SECONDS > 0) {
    log(`render warm-up: ${RENDER_WARMUP_SECONDS} s on each page, every request rendered`);
    for (const page of results) await load(`${origin}${page.path}`, RENDER_WARMUP_SECONDS, 10, renderEveryRequest);
  }

  for (const [i, result] of results.entries()) {
    const page = result;
    const appUrl = `${origin}${page.path}`;

    log(`${page.label}: warm-up ${WARMUP_SECONDS} s, then ${DURATION} s at ${CONNECTIONS} connections against the app`);
    await load(appUrl, WARMUP_SECONDS, 10);
    result.app = await load(appUrl, DURATION, CONNECTIONS);
    // The same with the rendered-page cache skipped: what rendering itself costs.
    log(`${page.label}: ${WARMUP_SECONDS} s warm-up then ${DURATION} s measured on the same connections, rendering every request (page cache bypassed) at ${CONNECTIONS} connections`);
    let before = null;
    result.render = await load(appUrl, DURATION, CONNECTIONS, renderEveryRequest, {
      warmupSeconds: WARMUP_SECONDS,
      onWindowStart: () => (before = pid ? cpuMs(pid) : null),
    });
    const after = pid ? cpuMs(pid) : null;
    if (before && after && result.render.requests > 0) {
      // The main thread is one core: 1000 / mainCpuMs is what one process can render a second.
      result.render.mainCpuMs = Number(((after.main - before.main) / result.render.requests).toFixed(2));
      result.render.processCpuMs = Number(((after.all - before.all) / result.render.requests).toFixed(2));
      result.render.pageFaults = Number(((after.minorFaults - before.minorFaults) / result.render.requests).toFixed(1));
    }

    if (nginx) {
      const file = `${i}.html`;
      fs.writeFileSync(path.join(siteDir, file), savedHtml.get(result));
      fs.chmodSync(path.join(siteDir, file), 0o644);
      if (!nginxProcess) {
        nginxPort = await freePort();
        nginxProcess = await startNginx(nginx, siteDir, nginxPort);
      }
      const staticUrl = `http://127.0.0.1:${nginxPort}/${file}`;
      log(`${page.label}: the same against nginx serving the saved HTML`);
      await load(staticUrl, WARMUP_SECONDS, 10);
      result.nginx = await load(staticUrl, DURATION, CONNECTIONS);
      result.appToNginx = Number((result.app.requestsPerSecond / result.nginx.requestsPerSecond).toFixed(3));
    }
  }
  if (nginxProcess) await stopChild(nginxProcess, "SIGTERM", 5_000);
}
