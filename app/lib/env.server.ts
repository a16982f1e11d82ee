import { z } from "zod";

// Every variable the server reads, checked once at start. A bad value stops the start
// with one line naming the variable (see formatEnvError).
const optionalUrl = (protocols: string[]) =>
  z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : undefined))
    .refine((v) => v === undefined || protocols.some((p) => v.startsWith(p)), {
      message: `must start with ${protocols.join(" or ")}`,
    })
    .refine((v) => v === undefined || URL.canParse(v), { message: "is not a valid URL" });

const optionalText = z
  .string()
  .optional()
  .transform((v) => (v && v.trim() ? v.trim() : undefined));

// The object store's settings (docs/operations.md): the four that name it come together or not at
// all, so a half-configured store stops the start instead of quietly writing to the local disk.
const S3_REQUIRED = ["S3_ENDPOINT", "S3_BUCKET", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"] as const;
const S3_OPTIONAL = ["S3_PUBLIC_URL", "S3_REGION"] as const;

// The AUTH_SECRET values the project itself publishes (deploy/voitura.env.example): anyone could
// sign sessions and links with them. The test settings' secrets are not here: the tests run with them.
const SHIPPED_SECRETS: readonly string[] = ["change-me-to-64-random-characters-openssl-rand-base64-48"];

const envFields = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  DATA_DIR: z.string().trim().min(1).default("./data"),
  DATABASE_URL: optionalUrl(["postgres://", "postgresql://"]),
  // A streaming replica of DATABASE_URL for anonymous page reads (decision 019).
  DATABASE_REPLICA_URL: optionalUrl(["postgres://", "postgresql://"]),
  PUBLIC_URL: optionalUrl(["http://", "https://"]),
  AUTH_SECRET: optionalText
    .refine((v) => v === undefined || v.length >= 32, { message: "must be at least 32 characters" })
    .refine((v) => v === undefined || !SHIPPED_SECRETS.includes(v), {
      message: "is the example value from deploy/voitura.env.example, which anyone can read: set a secret of your own (openssl rand -base64 48)",
    }),
  SMTP_URL: optionalUrl(["smtp://", "smtps://"]),
  MAIL_FROM: optionalText,
  CONTACT_EMAIL: optionalText.pipe(z.email().optional()),
  // The sales desk: gets the leads no dealer matched (issue 17); CONTACT_EMAIL's address when unset.
  LEADS_EMAIL: optionalText.pipe(z.email().optional()),
  // The accounts that may open /moderation (docs/moderation.md): comma-separated addresses.
  MODERATOR_EMAILS: optionalText.pipe(
    z
      .string()
      .optional()
      .transform((v) => (v ?? "").split(",").map((e) => e.trim().toLowerCase()).filter(Boolean))
      .pipe(z.array(z.email({ error: "must be a comma-separated list of e-mail addresses" }))),
  ),
  API_KEY: optionalText,
  // A secret that lets a request skip the rendered-page cache (the bench's rendering figures); unset: nothing can.
  PAGE_CACHE_BYPASS_TOKEN: optionalText.refine((v) => v === undefined || v.length >= 16, { message: "must be at least 16 characters" }),
  // The bearer token Prometheus sends to /metrics; unset, /metrics is not served. RFC 6750's token68
  // characters only, so it fits an Authorization header as it is.
  METRICS_TOKEN: optionalText
    .refine((v) => v === undefined || v.length >= 16, { message: "must be at least 16 characters" })
    .refine((v) => v === undefined || /^[A-Za-z0-9._~+/-]+=*$/.test(v), { message: "may only contain letters, digits and - . _ ~ + / (then = padding)" }),
  GOOGLE_CLIENT_ID: optionalText,
  GOOGLE_CLIENT_SECRET: optionalText,
  FACEBOOK_CLIENT_ID: optionalText,
  FACEBOOK_CLIENT_SECRET: optionalText,
  CAPTCHA: z
    .string()
    .optional()
    .transform((v) => (v ?? "on").trim().toLowerCase())
    .pipe(z.enum(["on", "off"])),
  REDIS_URL: optionalUrl(["redis://", "rediss://"]),
  MESSAGING_CHANNEL_URL: optionalUrl(["https://"]),
  // Prefix of every key written to Redis, so several deployments (or test runs) can share one server.
  REDIS_PREFIX: z.string().trim().min(1).max(64).regex(/^[A-Za-z0-9:_.-]+$/, { message: "may only contain letters, digits and : _ . -" }).default("voitura:"),
  // Reads past the page cache that render at once; the others wait in line (decision 020). 0: no limit.
  RENDER_CONCURRENCY: z.coerce.number().int().min(0).max(1000).default(8),
  // Worker threads that render documents in production (decision 021). None by default: each holds
  // about 85 MB, and the main thread alone renders several times the national peak, so a 1 GB
  // server stays under 512 MB (bench/memory.mjs). A large server may set one per spare core.
  RENDER_THREADS: z.coerce.number().int().min(0).max(64).default(0),
  // "load": the threads start when documents keep the main thread busy and stop after ten quiet
  // minutes (each holds about 85 MB); "start": at start, kept.
  RENDER_THREADS_START: z.enum(["load", "start"]).default("load"),
  RATE_LIMIT_FORMS: z.coerce.number().int().min(1).max(10_000).default(5),
  // Sign-in, sign-up and password-reset attempts per client address per 10 minutes.
  RATE_LIMIT_AUTH: z.coerce.number().int().min(1).max(10_000).default(20),
  // New visitor ids (the signed cookie_user_id) issued per client address per hour.
  RATE_LIMIT_VISITOR_IDS: z.coerce.number().int().min(1).max(100_000).default(30),
  // The server's job worker (decision 013): `off` for an instance that should only answer pages
  // (another instance, or `npm run jobs:run` from a scheduler, runs the jobs).
  JOBS: z
    .string()
    .optional()
    .transform((v) => (v ?? "on").trim().toLowerCase())
    .pipe(z.enum(["on", "off"])),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  S3_ENDPOINT: optionalUrl(["http://", "https://"]),
  // S3's rules for bucket names (lower case, digits, dots and dashes; 3 to 63 characters).
  S3_BUCKET: optionalText.refine((v) => v === undefined || /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(v), {
    message: "must be 3 to 63 lower-case letters, digits, dots or dashes",
  }),
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  // Where browsers fetch the stored files when the bucket (or a CDN before it) is public; without
  // it the site serves them itself under /medias.
  S3_PUBLIC_URL: optionalUrl(["http://", "https://"]).transform((v) => v?.replace(/\/+$/, "")),
  S3_REGION: optionalText.pipe(z.string().regex(/^[a-z0-9-]{1,32}$/, { message: "must be a region name such as us-east-1 or auto" }).optional()),
});

const envSchema = envFields.superRefine((e, ctx) => {
  // The embedded database has no replicas: a replica without a primary server is a mistake.
  if (e.DATABASE_REPLICA_URL && !e.DATABASE_URL) {
    ctx.addIssue({ code: "custom", path: ["DATABASE_REPLICA_URL"], message: "needs DATABASE_URL: a replica is read beside a PostgreSQL primary" });
  }
  const missing = S3_REQUIRED.filter((name) => !e[name]);
  const anySet = [...S3_REQUIRED, ...S3_OPTIONAL].some((name) => e[name] !== undefined);
  if (anySet && missing.length) {
    ctx.addIssue({
      code: "custom",
      path: [missing[0]!],
      message: `is missing: the S3 store needs ${S3_REQUIRED.join(", ")} together (missing: ${missing.join(", ")})`,
    });
  }
});

type Env = z.infer<typeof envSchema>;

function formatEnvError(error: z.ZodError): string {
  const issue = error.issues[0];
  const name = String(issue?.path[0] ?? "environment");
  return `Invalid environment variable ${name}: ${issue?.message ?? "invalid value"}`;
}

export function parseEnv(source: Record<string, string | undefined>): Env {
  const result = envSchema.safeParse(source);
  if (!result.success) throw new Error(formatEnvError(result.error));
  return result.data;
}

let cached: Env | undefined;
export function env(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}

export interface S3Settings {
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
  publicUrl?: string;
}

/** The object store's settings, or undefined when the files stay on this machine's disk. */
export function s3Settings(e: Env = env()): S3Settings | undefined {
  if (!e.S3_ENDPOINT || !e.S3_BUCKET || !e.S3_ACCESS_KEY_ID || !e.S3_SECRET_ACCESS_KEY) return undefined;
  return {
    endpoint: e.S3_ENDPOINT,
    bucket: e.S3_BUCKET,
    accessKeyId: e.S3_ACCESS_KEY_ID,
    secretAccessKey: e.S3_SECRET_ACCESS_KEY,
    region: e.S3_REGION ?? "us-east-1",
    publicUrl: e.S3_PUBLIC_URL,
  };
}

export function publicUrl(): string {
  const e = env();
  return (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, "");
}
