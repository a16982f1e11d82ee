import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";

// The root secret behind every signature: AUTH_SECRET, or DATA_DIR/auth-secret generated once.
// Each case loads security.server afresh, as a new process would, on its own data folder.

const folders: string[] = [];

async function startOn(files: { secret?: string } = {}) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "voitura-root-secret-"));
  folders.push(dataDir);
  if (files.secret !== undefined) fs.writeFileSync(path.join(dataDir, "auth-secret"), files.secret);
  vi.resetModules();
  vi.stubEnv("AUTH_SECRET", "");
  vi.stubEnv("DATA_DIR", dataDir);
  const security = await import("./security.server");
  return { dataDir, ...security };
}

afterEach(() => {
  vi.unstubAllEnvs();
  for (const folder of folders.splice(0)) fs.rmSync(folder, { recursive: true, force: true });
});

describe("the generated secret file", () => {
  it("is created once with mode 0600, leaving no temporary file, and read back by the next start", async () => {
    const first = await startOn();
    const signature = first.signValue("test", "value");
    expect(fs.readdirSync(first.dataDir)).toEqual(["auth-secret"]);
    const file = path.join(first.dataDir, "auth-secret");
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(fs.readFileSync(file, "utf8").trim().length).toBeGreaterThanOrEqual(32);

    vi.resetModules();
    const again = await import("./security.server");
    expect(again.signValue("test", "value")).toBe(signature);
  });

  it.each([
    ["empty", ""],
    ["blank", " \n"],
    ["short", "abc123"],
  ])("stops the start when it is %s, instead of signing with it", async (_name, content) => {
    const { loadRootSecret, deriveSecret } = await startOn({ secret: content });
    expect(() => loadRootSecret()).toThrow(/auth-secret is empty or shorter than 32 characters/);
    expect(() => deriveSecret("better-auth")).toThrow(/auth-secret/);
  });

  it.skipIf(process.getuid?.() === 0)("stops the start when it cannot be read", async () => {
    const { dataDir, loadRootSecret } = await startOn({ secret: "x".repeat(64) });
    fs.chmodSync(path.join(dataDir, "auth-secret"), 0o000);
    expect(() => loadRootSecret()).toThrow(/auth-secret cannot be read/);
  });

  it("stops the start when it is not a file", async () => {
    const { dataDir, loadRootSecret } = await startOn();
    fs.mkdirSync(path.join(dataDir, "auth-secret"));
    expect(() => loadRootSecret()).toThrow(/auth-secret cannot be read/);
  });
});
