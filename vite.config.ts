import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

const FRAMEWORK_MODULE = /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/;

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
