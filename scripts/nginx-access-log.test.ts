import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import net, { type AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { renderSite } from "../deploy/render-nginx.mjs";
import { nginxBinary, nginxMainConfig, sleep, waitFor } from "./cluster-services";

// The site nginx runs in production (deploy/nginx/voitura.conf.template) keeps the product API's
// key out of its access log. Skipped where nginx is not installed.

const SECRET = "k3y-0f-the-dealer";
const binary = nginxBinary();

async function freePort(): Promise<number> {
  const server = net.createServer().listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe.skipIf(!binary)("nginx and the product API's key", () => {
  let dir = "";
  let nginx: ChildProcess;
  let app: http.Server;
  let base = "";
  const accessLog = () => fs.readFileSync(path.join(dir, "access.log"), "utf8");

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "voitura-nginx-log-"));
    fs.chmodSync(dir, 0o755);
    // Like the product API: 200 for a request carrying the key in its header, else 401.
    app = http.createServer((req, res) => res.writeHead(req.headers.api_key === SECRET ? 200 : 401, { "content-type": "application/json" }).end("{}"));
    app.listen(0, "127.0.0.1");
    await new Promise((resolve) => app.once("listening", resolve));
    const port = await freePort();
    const sitePath = path.join(dir, "voitura.conf");
    const root = path.resolve(import.meta.dirname, "..");
    fs.writeFileSync(
      sitePath,
      renderSite({ instances: [(app.address() as AddressInfo).port], listen: `127.0.0.1:${port}`, root, cacheDir: path.join(dir, "cache"), accessLog: path.join(dir, "access.log") }),
    );
    const conf = path.join(dir, "nginx.conf");
    fs.writeFileSync(conf, nginxMainConfig(binary!, dir, sitePath));
    nginx = spawn(binary!, ["-e", path.join(dir, "error.log"), "-p", dir, "-c", conf], { stdio: "ignore" });
    base = `http://127.0.0.1:${port}`;
    await waitFor("nginx", async () => {
      if (nginx.exitCode !== null) throw new Error(`nginx exited: ${fs.readFileSync(path.join(dir, "error.log"), "utf8").slice(-1000)}`);
      return fetch(`${base}/robots.txt`).then(() => true, () => false);
    });
  });

  afterAll(async () => {
    if (nginx?.exitCode === null) {
      const exited = new Promise((resolve) => nginx.once("exit", resolve));
      nginx.kill("SIGQUIT");
      await Promise.race([exited, sleep(5000)]);
      if (nginx.exitCode === null) nginx.kill("SIGKILL");
    }
    app?.close();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it("passes the API_KEY header on, logs /api.php and any query naming API_KEY without the query, and other addresses whole", async () => {
    const asked = [`/api.php?endpoint=brands&API_KEY=${SECRET}`, `/API.PHP?api_key=${SECRET}`, `/api%2Ephp?endpoint=brands&key=${SECRET}`, `/voitures-neuves?Api%5FKey=${SECRET}`];
    for (const address of asked) expect((await fetch(`${base}${address}`)).status).toBe(401);
    // The key in its header (spec section 7) reaches the app: nginx drops headers with an underscore unless told.
    expect((await fetch(`${base}/api.php?endpoint=brands`, { headers: { API_KEY: SECRET } })).status).toBe(200);
    // No instance answers: nginx's own page (an internal redirect) is logged with the address asked.
    await new Promise((resolve) => app.close(resolve));
    expect((await fetch(`${base}/api.php?API_KEY=${SECRET}`)).status).toBe(503);
    await fetch(`${base}/voitures-neuves?brand=toyota`);

    await waitFor("the log lines", async () => accessLog().trim().split("\n").length >= asked.length + 4, 5000);
    const log = accessLog();
    expect(log).not.toContain(SECRET);
    expect(log).toContain('"GET /api.php HTTP/1.1" 401');
    expect(log).toContain('"GET /API.PHP HTTP/1.1" 401');
    expect(log).toContain('"GET /api.php HTTP/1.1" 503');
    expect(log).toContain('"GET /voitures-neuves?brand=toyota HTTP/1.1"');
  });
});
