import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

/**
 * A throw-away redis-server of the test's own, which the test can stop and start again; its data
 * is saved on stop and read back on start (in a temporary folder removed by `remove`).
 */
export interface ThrowAwayRedis {
  url: string;
  start(): Promise<void>;
  stop(): Promise<void>;
  remove(): Promise<void>;
}

async function portAnswers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

export async function throwAwayRedis(port: number): Promise<ThrowAwayRedis> {
  let child: ChildProcess | undefined;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "voitura-redis-"));
  const start = async () => {
    child = spawn("redis-server", ["--port", String(port), "--bind", "127.0.0.1", "--dir", dir, "--save", "3600 1", "--appendonly", "no"], { stdio: "ignore" });
    const deadline = Date.now() + 10_000;
    while (!(await portAnswers(port))) {
      if (Date.now() > deadline) throw new Error(`redis-server did not start on port ${port}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  const stop = async () => {
    const current = child;
    child = undefined;
    if (!current || current.exitCode !== null) return;
    const exited = new Promise((resolve) => current.once("exit", resolve));
    current.kill("SIGTERM");
    await exited;
  };
  await start();
  const remove = async () => {
    await stop();
    fs.rmSync(dir, { recursive: true, force: true });
  };
  return { url: `redis://127.0.0.1:${port}`, start, stop, remove };
}

/** A port in `from`..`to` nobody listens on. */
export async function freePortIn(from: number, to: number): Promise<number> {
  for (let port = from; port <= to; port++) if (!(await portAnswers(port))) return port;
  throw new Error(`no free port in ${from}-${to}`);
}
