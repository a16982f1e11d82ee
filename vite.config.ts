import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

export default defineConfig(({ isSsrBuild }) => ({
  // The server bundle's entry is our Express app, so the app, the database and the
  // request handler share one module graph (one database handle per process).
  build: isSsrBuild ? { rollupOptions: { input: "./server/app.ts" }, target: "node20" } : { target: "es2022" },
  resolve: { tsconfigPaths: true },
  ssr: { external: ["@electric-sql/pglite", "postgres", "pino", "pino-http", "nodemailer", "proper-lockfile", "altcha-lib"] },
  plugins: [tailwindcss(), reactRouter()],
}));
