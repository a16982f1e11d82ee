import pino from "pino";

// One JSON object a line. Never log request bodies: they may hold passwords or personal data.
export const logger = pino({
  level: process.env.LOG_LEVEL ?? (process.env.NODE_ENV === "test" ? "silent" : "info"),
  base: { service: "voitura" },
  redact: { paths: ["req.headers.cookie", "req.headers.authorization", "req.headers.api_key", "*.password"], remove: true },
});
