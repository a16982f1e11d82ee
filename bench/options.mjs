// The command line of `npm run bench` (see bench/README.md): read once, shared by every module.
const args = process.argv.slice(2);

/** True when `--name` was given. */
export const flag = (name) => args.includes(`--${name}`);

/** The value of `--name=value`, or `fallback`. */
export const option = (name, fallback) => {
  const found = args.find((a) => a.startsWith(`--${name}=`));
  return found ? found.slice(name.length + 3) : fallback;
};

export const DURATION = Number(option("duration", "10"));
/** Lighthouse runs a page: the timing budgets (issue 45) read the median of five. */
export const LIGHTHOUSE_RUNS = Math.max(1, Number(option("lighthouse-runs", "5")));
export const CONNECTIONS = Number(option("connections", "50"));
export const WARMUP_SECONDS = 3;
/**
 * Rendering every page once in turn before any is measured, seconds a page: a server a minute old
 * renders about a quarter slower than one that has run a while (its compiled code and its caches
 * settle; the same build side by side, fresh against warmed), and a server in production has.
 */
export const RENDER_WARMUP_SECONDS = Number(option("render-warmup", "5"));

/** `--only=home,contact`: the labels asked for ("suggestions" for the search_suggestion latency), empty for all. */
export const only = option("only", "");
export const onlyLabels = only ? only.split(",") : [];
