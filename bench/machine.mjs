// The machine's own speed, timed before and after the load tests: the same fixed, single-threaded
// work each time (React rendering a synthetic page of 1,500 elements to a string, in a fresh Node
// process). Pages/s and p99 follow the core they run on, and machines here have differed by three
// times from one session to the next; with this reference beside them, a change in the figures
// can be told from a change in the machine, and the two readings show drift during the run.
import { execFile } from "node:child_process";
import { createElement as h } from "react";
import { renderToString } from "react-dom/server";
import { fileURLToPath } from "node:url";

const WARMUP = 50;
const ROUNDS = 200;

function syntheticPage() {
  const cards = Array.from({ length: 60 }, (_, i) =>
    h(
      "article",
      { key: i, className: "card group relative flex flex-col overflow-hidden transition-shadow hover:shadow-lg", "data-id": i },
      h("img", { src: `/medias/demo/car-${i}-640.webp`, width: 640, height: 480, alt: "", loading: "lazy", className: "h-full w-full object-cover" }),
      h(
        "div",
        { className: "flex min-w-0 flex-1 flex-col gap-1.5 p-3 sm:gap-2 sm:p-4" },
        h("h3", { className: "text-sm leading-snug font-bold sm:text-base" }, h("a", { href: `/annonce/${i}-toyota-corolla-cross-1-8-xs`, className: "hover:underline" }, `20${10 + (i % 15)} Toyota Corolla Cross 1.8 XS`)),
        h("ul", { className: "flex flex-wrap gap-x-3 gap-y-1 text-xs text-slate-600" }, ...["Petrol", "Automatic", `${(i * 7919) % 200_000} km`, "Gauteng", "Pretoria"].map((text, j) => h("li", { key: j, className: "inline-flex items-center gap-1" }, h("span", { "aria-hidden": true }, "•"), text))),
        h("p", { className: "text-lg font-extrabold tabular" }, `R ${(150_000 + i * 3_517).toLocaleString("en-ZA")}`),
        h("form", { method: "post", action: "/favori" }, h("input", { type: "hidden", name: "adId", value: String(i) }), h("button", { type: "submit", "aria-pressed": false, className: "inline-flex size-10 items-center justify-center rounded-full" }, "Save")),
      ),
    ),
  );
  return h("main", { className: "container-page py-6 sm:py-8" }, h("h1", null, "Used cars for sale"), h("div", { className: "grid gap-4 sm:grid-cols-2 xl:grid-cols-3" }, cards));
}

/** Median milliseconds of one render of the synthetic page, in this process. */
function timeRenders() {
  const times = [];
  for (let i = 0; i < WARMUP + ROUNDS; i++) {
    const start = process.hrtime.bigint();
    renderToString(syntheticPage());
    if (i >= WARMUP) times.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)];
}

/** The reference in a fresh process (the same state of the JIT each time): ms a render, or null. */
export function machineReference() {
  return new Promise((resolve) => {
    execFile(process.execPath, [fileURLToPath(import.meta.url)], { timeout: 60_000 }, (err, stdout) => {
      const ms = Number.parseFloat(stdout);
      resolve(err || !Number.isFinite(ms) ? null : Math.round(ms * 1000) / 1000);
    });
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) console.log(timeRenders().toFixed(3));
