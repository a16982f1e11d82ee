// A render thread (server/render-threads.ts, decision 021): loads the server build, as the main
// thread does, and renders the documents the main thread hands it. It opens no database and
// serves no socket: the loaders have run, it only renders.
import path from "node:path";
import { parentPort } from "node:worker_threads";

const appModule = await import(path.resolve("build/server/index.js"));
const render = await appModule.documentRenderer();

parentPort.on("message", ({ id, document }) => {
  let bytes = null;
  let error;
  try {
    bytes = render(document);
  } catch (err) {
    error = err instanceof Error ? err.message : String(err);
  }
  // The bytes move to the main thread without a copy when they own their memory (a document
  // is larger than Node's pooled buffers); otherwise they are copied into memory of their own.
  if (bytes && (bytes.byteOffset !== 0 || bytes.buffer.byteLength !== bytes.byteLength)) bytes = new Uint8Array(bytes);
  parentPort.postMessage({ id, bytes, error }, bytes ? [bytes.buffer] : []);
});
parentPort.postMessage({ ready: true });
