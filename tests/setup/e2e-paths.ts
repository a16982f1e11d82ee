import path from "node:path";
import { fileURLToPath } from "node:url";

// One place for where the end-to-end server listens and keeps its data, shared by
// playwright.config.ts (which passes them to tests/setup/e2e-server.mjs) and the fixtures.
/** 3100 unless E2E_PORT says otherwise (CI picks a free port so it never meets a developer's server). */
export const E2E_PORT = Number(process.env.E2E_PORT || 3100);
export const E2E_BASE_URL = `http://localhost:${E2E_PORT}`;
export const PROJECT_ROOT = fileURLToPath(new URL("../..", import.meta.url));
/**
 * Wiped at each server start; kept afterwards so a failed run's mails and logs can be read.
 * `npm test` gives the S3 run's server a folder of its own (E2E_DATA_DIR), started beside the first.
 */
export const E2E_DATA_DIR = path.resolve(PROJECT_ROOT, process.env.E2E_DATA_DIR || ".e2e-data");
/** Mails land here as .eml files because the e2e server runs without SMTP_URL. */
export const E2E_OUTBOX_DIR = path.join(E2E_DATA_DIR, "outbox");
