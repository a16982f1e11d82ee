// The dealer dashboard (issue 46): its stock page, which a signed-in member always gets rendered
// (no page cache), as pages a second at the run's connections. A bench account signs up through
// the site's forms; the server is stopped while the account is made owner of the demo dealer with
// the most ads (bench/dashboard-member.ts), then started again on the same data.
import { execFileSync } from "node:child_process";
import { load } from "./load.mjs";
import { CONNECTIONS, DURATION, WARMUP_SECONDS } from "./options.mjs";
import { signInBenchSeller } from "./photo-upload.mjs";
import { log, root } from "./processes.mjs";

export async function measureDashboard(server) {
  const { cookie, email } = await signInBenchSeller(server.origin, server.dataDir, { withEmail: true });
  let dealerId;
  const restarted = await server.restart({
    beforeStart: () => {
      dealerId = Number(execFileSync(process.execPath, ["--import", "tsx", "bench/dashboard-member.ts", server.dataDir, email], { cwd: root, timeout: 120_000 }).toString().trim());
    },
  });
  const path = `/mon-compte/concession/${dealerId}`;
  const check = await fetch(`${restarted.origin}${path}`, { headers: { cookie }, redirect: "manual" });
  if (check.status !== 200) throw new Error(`the dashboard answered ${check.status} to its member`);
  log(`dashboard: ${WARMUP_SECONDS} s warm-up then ${DURATION} s at ${CONNECTIONS} connections, signed in (every request rendered)`);
  const result = await load(`${restarted.origin}${path}`, DURATION, CONNECTIONS, { cookie }, { warmupSeconds: WARMUP_SECONDS });
  return { path, ...result };
}
