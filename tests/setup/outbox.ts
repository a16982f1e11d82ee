import fs from "node:fs";
import path from "node:path";

// The mails a test's server code wrote to DATA_DIR/outbox (no SMTP_URL in tests), as text: the
// .eml files with quoted-printable soft breaks and "=3D" undone, so a test reads them as sent.

export const outboxDir = (dataDir: string): string => path.join(dataDir, "outbox");

export function outboxMails(dataDir: string): string[] {
  const dir = outboxDir(dataDir);
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir).map((file) => fs.readFileSync(path.join(dir, file), "utf8").replace(/=\r?\n/g, "").replace(/=3D/g, "="));
}

export function emptyOutbox(dataDir: string): void {
  fs.rmSync(outboxDir(dataDir), { recursive: true, force: true });
}
