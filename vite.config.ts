import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

const FRAMEWORK_MODULE = /node_modules[\\/](react|react-dom|react-router|scheduler|radix-ui|@radix-ui[\\/][^\\/]+)[\\/]/;
const DIALOG_MODULE = /node_modules[\\/]@radix-ui[\\/]react-(dialog|focus-scope|focus-guards|portal)[\\/]/;

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
                  // Radix's dialog and its focus trap and scroll lock stay out: only pages that
                  // open a dialog load them (the burger menu, the popups, the comparator's picker).
                  test: (id) => FRAMEWORK_MODULE.test(id) && !DIALOG_MODULE.test(id),
                  tags: ["$initial"],
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
