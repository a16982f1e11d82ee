import type { Server } from "node:http";
import type { AddressInfo } from "node:net";

/** Starts a request handler (an Express app) on a free port: its base URL and a way to stop it. */
export async function listenOnFreePort(app: { listen(port: number): Server }): Promise<{ base: string; close: () => void }> {
  const server = app.listen(0);
  await new Promise((resolve) => server.once("listening", resolve));
  return { base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => server.close() };
}
