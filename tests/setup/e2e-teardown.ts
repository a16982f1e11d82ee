import fs from "node:fs";
import path from "node:path";
import { E2E_DATA_DIR } from "./e2e-paths";

// The end-to-end server renders every document on a render thread (tests/setup/e2e-server.mjs).
// A page whose loader data cannot be handed to one (a function, a promise, a class instance) is
// still rendered, on the main thread, and the server says so once per page
// (server/render-threads.ts). Every journey having visited its pages, any such line fails the run:
// the rule "loaders return plain data" is checked here rather than remembered.
export default function failOnUncloneableLoaderData(): void {
  const logFile = path.join(E2E_DATA_DIR, "server.log");
  if (!fs.existsSync(logFile)) return;
  const lines = fs.readFileSync(logFile, "utf8").split("\n").filter((line) => line.includes("cannot be handed to a render thread"));
  if (lines.length === 0) return;
  const pages = lines.map((line) => {
    try {
      return String(JSON.parse(line).msg);
    } catch {
      return line;
    }
  });
  throw new Error(`Loader data a render thread cannot take (docs/adding-a-page.md, rule 3):\n${[...new Set(pages)].join("\n")}`);
}
