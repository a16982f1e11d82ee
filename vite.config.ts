import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

const FRAMEWORK_MODULE = /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/;

const EVERY_PAGE_IMPORTER = /[\\/]app[\\/](root|entry\.client)\.tsx$/;

type ModuleGraph = { getModuleInfo(id: string): { importers: readonly string[] } | null };

/**
 * Whether the root route or the client entry imports an app module, directly or through other
 * static imports. Packages stay out: a package's index imports all its parts (every icon of
 * lucide-react), though a page keeps only those it uses.
 */
function loadedByEveryPage(id: string, graph: ModuleGraph): boolean {
  if (id.includes("node_modules") || EVERY_PAGE_IMPORTER.test(id)) return false;
  const seen = new Set([id]);
  const queue = [id];
  for (let next = queue.pop(); next !== undefined; next = queue.pop()) {
    for (const importer of graph.getModuleInfo(next)?.importers ?? []) {
      if (EVERY_PAGE_IMPORTER.test(importer)) return true;
      if (!seen.has(importer) && !importer.includes("node_modules")) {
        seen.add(importer);
        queue.push(importer);
      }
    }
  }
  return false;
}

export default defineConfig(({ isSsrBuild }) => ({
  // The server bundle's entry is our Express app, so the app, the database and the
  // request handler share one module graph (one database handle per process).
  build: isSsrBuild
    ? { rollupOptions: { input: "./server/app.ts" }, target: "node20" }
    : {
        target: "es2022",
        rollupOptions: {
          output: {
            // Every page starts with the same framework code: one file instead of a dozen small
            // ones, so a phone on a slow network makes fewer round trips before the page runs.
            codeSplitting: {
              groups: [
                {
                  name: "framework",
                  // Radix stays out: no page needs it before a tap. Its dialogs load on first use
                  // (the burger menu, the popups, the comparator's picker) and the navigation menu
                  // on wide screens only (app/shell/main-navigation.tsx). A module any route can
                  // reach counts as initial here, so a Radix part in this group would load everywhere.
                  test: (id) => FRAMEWORK_MODULE.test(id),
                  tags: ["$initial"],
                },
                {
                  // The app's own modules every page loads (the shell and what the root and the
                  // client entry import) in one file: as a dozen small files they cost about 3 kB
                  // gzip more (each compressed alone) and as many requests.
                  name: (id, context) => (loadedByEveryPage(id, context) ? "shell" : null),
                },
              ],
            },
          },
        },
      },
  resolve: { tsconfigPaths: true },
  ssr: {
    external: ["@electric-sql/pglite", "pino", "pino-http", "nodemailer", "altcha-lib"],
  },
  plugins: [tailwindcss(), reactRouter()],
}));
