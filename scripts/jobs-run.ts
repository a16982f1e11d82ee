// Runs one background job now: `npm run jobs:run -- NAME` (decision 013), printing what it did.
// With DATABASE_URL the job runs in this process. On the embedded database (DATA_DIR), whose
// folder one process at a time may open: in this process when no server holds it, else the
// running server is asked to run it (a loopback POST with the token it wrote into DATA_DIR).
import { DataDirLockedError, migrateDatabase, openDatabase, setDatabase } from "../app/lib/db.server";
import { env } from "../app/lib/env.server";
import { isJobName, jobNames, JOBS, readJobsToken, RUN_JOB_PATH, runJob } from "../server/jobs";

const say = (message: string) => process.stdout.write(`${message}\n`);
const fail = (message: string) => process.stderr.write(`${message}\n`);

function usage(): string {
  return ["Usage: npm run jobs:run -- NAME", "Jobs:", ...jobNames.map((name) => `  ${name.padEnd(22)}${JOBS[name].description}`)].join("\n");
}

async function runInServer(name: string, dataDir: string): Promise<number> {
  const server = readJobsToken(dataDir);
  if (!server) {
    fail(`The data folder is in use, but the server's jobs token (DATA_DIR/jobs-token.json) cannot be read. Stop the server, or run this as the user that runs it.`);
    return 1;
  }
  let response: Response;
  try {
    response = await fetch(`http://127.0.0.1:${server.port}${RUN_JOB_PATH}`, {
      method: "POST",
      headers: { authorization: `Bearer ${server.token}`, "content-type": "application/json" },
      body: JSON.stringify({ name }),
    });
  } catch (err) {
    fail(`The data folder is in use, but no server answers on port ${server.port}: ${err instanceof Error ? err.message : String(err)}`);
    return 1;
  }
  const body = (await response.json().catch(() => ({}))) as { result?: unknown; error?: string };
  if (!response.ok) {
    fail(`The server could not run ${name}: ${body.error ?? response.status}`);
    return 1;
  }
  say(`${name} (run by the server): ${JSON.stringify(body.result)}`);
  return 0;
}

async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (!name || name === "--help" || name === "-h" || rest.length > 0) {
    (name === "--help" || name === "-h" ? say : fail)(usage());
    return name === "--help" || name === "-h" ? 0 : 2;
  }
  if (!isJobName(name)) {
    fail(`There is no job named "${name}".`);
    fail(usage());
    return 2;
  }
  const e = env();
  let handle;
  try {
    handle = await openDatabase({ databaseUrl: e.DATABASE_URL, dataDir: e.DATA_DIR });
  } catch (err) {
    if (err instanceof DataDirLockedError) return runInServer(name, e.DATA_DIR);
    fail(err instanceof Error ? err.message : String(err));
    return 1;
  }
  try {
    setDatabase(handle);
    await migrateDatabase(handle);
    const started = performance.now();
    const result = await runJob(name);
    say(`${name}: ${JSON.stringify(result)} (${Math.round(performance.now() - started)} ms)`);
    return 0;
  } catch (err) {
    fail(`${name} failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
    return 1;
  } finally {
    setDatabase(undefined);
    await handle.close();
  }
}

process.exitCode = await main(process.argv.slice(2));
