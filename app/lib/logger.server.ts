import pino from "pino";
import { currentRequest } from "./request-context.server";

/** Headers that carry a secret: the session cookie, a bearer token, the product API's key. */
const SECRET_HEADERS = ["cookie", "authorization", "api_key"];

// One JSON object a line. Never log request bodies: they may hold passwords or personal data.
export function createLogger(destination?: pino.DestinationStream, level?: pino.LevelWithSilent) {
  const options: pino.LoggerOptions = {
    level: level ?? process.env.LOG_LEVEL ?? (process.env.NODE_ENV === "test" ? "silent" : "info"),
    base: { service: "voitura" },
    // Node names incoming headers in lower case, so one spelling covers every case a client sends.
    redact: { paths: SECRET_HEADERS.flatMap((name) => [`req.headers.${name}`, `headers.${name}`]).concat("*.password"), remove: true },
    // Every line written while a request is handled names it, so one grep finds all it did.
    mixin: () => {
      const request = currentRequest();
      return request ? { requestId: request.requestId } : {};
    },
  };
  return destination ? pino(options, destination) : pino(options);
}

export const logger = createLogger();

/** Query parameters that carry a secret: activation and reset links, OAuth codes and state, the product API's key. */
const SECRET_QUERY_PARAMETERS = new Set(["token", "code", "state", "access_token", "id_token", "api_key"]);

/** The request path for the log, with the values of secret query parameters replaced. */
export function loggableUrl(url: string): string {
  const question = url.indexOf("?");
  if (question === -1) return url;
  const params = new URLSearchParams(url.slice(question + 1));
  let redacted = false;
  for (const name of new Set(params.keys())) {
    if (SECRET_QUERY_PARAMETERS.has(name.toLowerCase())) {
      params.set(name, "redacted");
      redacted = true;
    }
  }
  return redacted ? `${url.slice(0, question)}?${params.toString()}` : url;
}
