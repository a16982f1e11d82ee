// Two builds compared on the same pages, one request at a time, in turn: a request to A, one to
// B, then B before A, and so on. The two-core machines the figures come from change speed by
// nearly twice within minutes (the machine reference), and load tests of A then B, even in short
// alternated bursts, moved more than the change measured. Requests in turn share every spell
// of the machine. Each server renders every request (its page-cache bypass token is given).
//
//   node bench/compare.mjs --a=http://127.0.0.1:3001 --b=http://127.0.0.1:3002 --token=SECRET \
//     [--only=model,used-ad] [--requests=1000] [--pid-a=PID --pid-b=PID]
//
// Prints each page's median and tenth-percentile time to the whole answer (one keep-alive
// connection per server, gzip asked), and with the servers' process ids (Linux) the CPU time of
// each one's main thread per request, the figure a render's cost is budgeted in.
import http from "node:http";
import { cpuMs, quantile } from "./load.mjs";
import { option } from "./options.mjs";
import { catalogueContext, marketplaceContext, newsContext, PAGES } from "./pages.mjs";

const origins = { A: option("a", ""), B: option("b", "") };
const token = option("token", "");
const labels = option("only", "model,used-search,used-ad").split(",");
const requests = Number(option("requests", "1000"));
const pids = { A: option("pid-a", ""), B: option("pid-b", "") };
const WARMUP = 100;

/** The main thread's CPU time of a server, in ms (Linux), or null. */
const mainThreadMs = (pid) => (pid ? (cpuMs(pid)?.main ?? null) : null);

if (!origins.A || !origins.B || !token) {
  console.error("usage: node bench/compare.mjs --a=ORIGIN --b=ORIGIN --token=BYPASS_TOKEN [--only=labels] [--requests=N] [--pid-a=PID --pid-b=PID]");
  process.exit(2);
}

const agents = { A: new http.Agent({ keepAlive: true, maxSockets: 1 }), B: new http.Agent({ keepAlive: true, maxSockets: 1 }) };

/** Milliseconds to the end of one answer; a status other than 200 stops the comparison. */
function timedGet(side, path) {
  const url = new URL(path, origins[side]);
  return new Promise((resolve, reject) => {
    const start = process.hrtime.bigint();
    const request = http.get(url, { agent: agents[side], headers: { "x-page-cache-bypass": token, "accept-encoding": "gzip" } }, (response) => {
      response.resume();
      response.on("end", () => {
        if (response.statusCode !== 200) reject(new Error(`${side} answered ${response.statusCode} for ${path}`));
        else resolve(Number(process.hrtime.bigint() - start) / 1e6);
      });
    });
    request.on("error", reject);
  });
}

const context = { ...(await catalogueContext(origins.A)), ...(await newsContext(origins.A)), ...(await marketplaceContext(origins.A)) };
console.log(`${requests} requests a page to each build, in turn (A ${origins.A}, B ${origins.B})\n`);
console.log("page          A median / p10 ms   B median / p10 ms   B/A     main thread ms a request (A, B)");
for (const page of PAGES.filter((p) => labels.includes(p.label))) {
  const path = page.path ?? page.resolve(context);
  if (!path) {
    console.log(`${page.label.padEnd(13)} not found on A`);
    continue;
  }
  for (let i = 0; i < WARMUP; i++) {
    await timedGet("A", path);
    await timedGet("B", path);
  }
  const times = { A: [], B: [] };
  const before = { A: mainThreadMs(pids.A), B: mainThreadMs(pids.B) };
  for (let i = 0; i < requests; i++) {
    for (const side of i % 2 ? ["A", "B"] : ["B", "A"]) times[side].push(await timedGet(side, path));
  }
  const cpu = ["A", "B"].map((side) => {
    const after = mainThreadMs(pids[side]);
    return before[side] === null || after === null ? "-" : ((after - before[side]) / requests).toFixed(2);
  });
  const [a, b] = [times.A.sort((x, y) => x - y), times.B.sort((x, y) => x - y)];
  const shown = (sorted) => `${quantile(sorted, 0.5).toFixed(2)} / ${quantile(sorted, 0.1).toFixed(2)}`.padEnd(20);
  const ratio = (quantile(b, 0.5) / quantile(a, 0.5)).toFixed(3);
  console.log(`${page.label.padEnd(13)} ${shown(a)}${shown(b)}${ratio.padEnd(8)}${cpu.join(", ")}`);
}
for (const agent of Object.values(agents)) agent.destroy();
