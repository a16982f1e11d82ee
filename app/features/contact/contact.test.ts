import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { count, desc } from "drizzle-orm";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { contactMessages } from "../../../db/schema";
import { useTestDatabase } from "../../../tests/setup/database";
import { emptyOutbox, outboxMails } from "../../../tests/setup/outbox";
import { z } from "~/lib/zod";
import { CONTACT_LIMITS, contactSchema, normalisePhone, senderRules } from "./schemas";

// env() caches on first use: set the folder and the captcha switch before anything reads them.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "voitura-contact-"));
process.env.DATA_DIR = dataDir;
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));
process.env.CAPTCHA = "off";
process.env.CONTACT_EMAIL = "team@voitura.example";
delete process.env.SMTP_URL;
delete process.env.PUBLIC_URL;

const { submitContactMessage } = await import("./mutations.server");
const { action } = await import("~/routes/contact");
const { db } = await import("~/lib/db.server");

const valid = {
  name: "Thandiwe Nkosi",
  email: "thandi@example.co.za",
  phone: "082 123 4567",
  subject: "Price of the Toyota Corolla Cross",
  message: "Hello, is the hybrid version available in Durban this month?",
};

function errorsOf(input: unknown): Record<string, string> {
  const result = contactSchema.safeParse(input);
  if (result.success) return {};
  const out: Record<string, string> = {};
  for (const issue of result.error.issues) out[String(issue.path[0])] ??= issue.message;
  return out;
}

describe("contact schema", () => {
  it("accepts a complete message and normalises it", () => {
    const parsed = contactSchema.parse({ ...valid, name: "  Thandiwe \n Nkosi ", email: " thandi@example.co.za " });
    expect(parsed).toEqual({ ...valid, phone: "0821234567" });
  });

  it("reports every required field when empty", () => {
    expect(errorsOf({})).toEqual({
      name: "Please enter your name",
      email: "Please enter a valid email address",
      subject: "Please enter a subject",
      message: "Please enter your message",
    });
    expect(errorsOf({ name: " ", email: "", subject: "\n", message: "   " })).toEqual({
      name: "Please enter your name",
      email: "Please enter your email address",
      subject: "Please enter a subject",
      message: "Please enter your message",
    });
  });

  it("makes the phone optional", () => {
    expect(contactSchema.parse({ ...valid, phone: "" }).phone).toBeUndefined();
    expect(contactSchema.parse({ ...valid, phone: undefined }).phone).toBeUndefined();
  });

  it("enforces the length limits after trimming", () => {
    expect(errorsOf({ ...valid, name: "n".repeat(CONTACT_LIMITS.name + 1) }).name).toMatch(/100 characters or fewer/);
    expect(errorsOf({ ...valid, name: ` ${"n".repeat(CONTACT_LIMITS.name)} ` })).toEqual({});
    expect(errorsOf({ ...valid, subject: "s".repeat(CONTACT_LIMITS.subject + 1) }).subject).toMatch(/150 characters or fewer/);
    expect(errorsOf({ ...valid, message: "m".repeat(CONTACT_LIMITS.messageMax + 1) }).message).toMatch(/5000 characters or fewer/);
    expect(errorsOf({ ...valid, message: "too short" }).message).toBe("Your message must be at least 10 characters");
    expect(errorsOf({ ...valid, message: `   ${"m".repeat(9)}   ` }).message).toMatch(/at least 10/);
    expect(errorsOf({ ...valid, email: `${"a".repeat(250)}@example.com` }).email).toBe("Please enter a valid email address");
  });

  it("rejects wrong types", () => {
    expect(Object.keys(errorsOf({ name: 42, email: ["a@b.co"], phone: 821234567, subject: { x: 1 }, message: null })).sort()).toEqual(
      ["email", "message", "name", "phone", "subject"],
    );
  });

  it("rejects malformed emails", () => {
    for (const email of ["plain", "a@", "@example.com", "a b@example.com", "a@example"]) {
      expect(errorsOf({ ...valid, email }).email).toBe("Please enter a valid email address");
    }
  });

  it("accepts South African phone formats only", () => {
    for (const ok of ["0821234567", "082 123 4567", "082-123-4567", "+27821234567", "+27 82 123 4567", "(011) 123 4567"]) {
      expect(normalisePhone(ok)).not.toBeNull();
    }
    for (const bad of ["082123456", "08212345678", "+2782123456", "+44 20 7946 0958", "0021234567", "phone", "+27 0821234567"]) {
      expect(normalisePhone(bad)).toBeNull();
      expect(errorsOf({ ...valid, phone: bad }).phone).toMatch(/South African phone number/);
    }
  });

  it("keeps script tags as plain text (escaped on output, never stripped)", () => {
    const message = `<script>alert("x")</script> Is this car available?`;
    expect(contactSchema.parse({ ...valid, message }).message).toBe(message);
  });

  it("allows unicode and drops control characters", () => {
    const parsed = contactSchema.parse({
      ...valid,
      name: "Zoë Nkosi-Ndlovu ✓",
      subject: "Ngicela usizo: Ford Ranger 🚗",
      message: "Goeie môre! Ek soek ’n bakkie.\u0000\u0007\r\nDankie 谢谢",
    });
    expect(parsed.name).toBe("Zoë Nkosi-Ndlovu ✓");
    expect(parsed.subject).toBe("Ngicela usizo: Ford Ranger 🚗");
    expect(parsed.message).toBe("Goeie môre! Ek soek ’n bakkie.\nDankie 谢谢");
  });

  it("builds the sender's rules with another form's limits (the dealer's and the seller's)", () => {
    const schema = z.object(senderRules({ name: 5, email: 254, messageMin: 3, messageMax: 8 }));
    const result = schema.safeParse({ name: "Thandiwe", email: "thandi@example.co.za", phone: "12", message: "Hello there" });
    expect(result.success ? [] : result.error.issues.map((issue) => `${String(issue.path[0])}: ${issue.message}`)).toEqual([
      "name: Your name must be 5 characters or fewer",
      "phone: Please enter a South African phone number, for example 082 123 4567 or +27 82 123 4567",
      "message: Your message must be 8 characters or fewer",
    ]);
  });
});

// ---------------------------------------------------------------------------------------------

function post(fields: Record<string, string>, headers: Record<string, string> = {}) {
  return new Request("http://localhost:3000/contactez-nous", {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: "http://localhost:3000", ...headers },
    body: new URLSearchParams(fields).toString(),
  });
}

type ActionArgs = Parameters<typeof action>[0];
let ipCounter = 0;
function callAction(request: Request, ip = `10.0.0.${++ipCounter}`) {
  return action({ request, context: { clientIp: ip }, params: {} } as unknown as ActionArgs);
}

async function messageCount(): Promise<number> {
  const [row] = await db().select({ n: count() }).from(contactMessages);
  return row?.n ?? 0;
}

function unwrap(result: unknown): { status: number; body: Record<string, unknown> } {
  // data() results carry their status in `init`; plain objects mean 200.
  const r = result as { type?: string; data?: Record<string, unknown>; init?: { status?: number } | null };
  if (r && r.type === "DataWithResponseInit") return { status: r.init?.status ?? 200, body: r.data ?? {} };
  return { status: 200, body: result as Record<string, unknown> };
}

describe("contact messages (database)", () => {
  useTestDatabase();

  beforeEach(() => {
    emptyOutbox(dataDir);
  });

  it("stores the message, mails it to CONTACT_EMAIL with Reply-To, and sets mailed_at", async () => {
    const input = contactSchema.parse({ ...valid, message: `<script>alert("x")</script>\nSecond line, with ünïcödé.` });
    const result = await submitContactMessage(input, { visitorId: "3f2b8c1e-9d4a-4f6b-8a2c-1e2d3c4b5a69" });
    expect(result.mailed).toBe(true);

    const [row] = await db().select().from(contactMessages).orderBy(desc(contactMessages.id)).limit(1);
    expect(row).toMatchObject({
      id: result.id,
      name: valid.name,
      email: valid.email,
      phone: "0821234567",
      subject: valid.subject,
      message: input.message,
      visitorId: "3f2b8c1e-9d4a-4f6b-8a2c-1e2d3c4b5a69",
    });
    expect(row?.mailedAt).toBeInstanceOf(Date);

    const mails = outboxMails(dataDir);
    expect(mails).toHaveLength(1);
    const eml = mails[0]!;
    expect(eml).toContain("To: team@voitura.example");
    expect(eml).toMatch(/Reply-To: Thandiwe Nkosi <thandi@example\.co\.za>/);
    expect(eml).toContain("Subject: Contact form: Price of the Toyota Corolla Cross");
    expect(eml).toContain("ünïcödé");
    // Plain text part as typed; HTML part escaped.
    expect(eml).toContain(`<script>alert("x")</script>`);
    expect(eml).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;");
  });

  it("action: a valid POST stores one message and answers ok", async () => {
    const before = await messageCount();
    const { status, body } = unwrap(await callAction(post(valid)));
    expect(status).toBe(200);
    expect(body).toEqual({ ok: true });
    expect(await messageCount()).toBe(before + 1);
    expect(outboxMails(dataDir)).toHaveLength(1);
  });

  it("action: invalid input answers 400 with field errors and the values, and stores nothing", async () => {
    const before = await messageCount();
    const { status, body } = unwrap(await callAction(post({ ...valid, email: "nope", message: "short" })));
    expect(status).toBe(400);
    expect(body).toMatchObject({
      ok: false,
      fieldErrors: { email: "Please enter a valid email address", message: "Your message must be at least 10 characters" },
      values: { name: valid.name, email: "nope", message: "short" },
    });
    expect(await messageCount()).toBe(before);
    expect(outboxMails(dataDir)).toHaveLength(0);
  });

  it("action: a POST from another site is refused with 403", async () => {
    const before = await messageCount();
    await expect(callAction(post(valid, { origin: "https://evil.example" }))).rejects.toMatchObject({ status: 403 });
    expect(await messageCount()).toBe(before);
  });

  it("action: the sixth POST within 10 minutes from one address gets 429", async () => {
    const ip = "172.16.0.9";
    for (let i = 0; i < 5; i++) expect(unwrap(await callAction(post({ ...valid, email: "x" }), ip)).status).toBe(400);
    const { status, body } = unwrap(await callAction(post(valid), ip));
    expect(status).toBe(429);
    expect(body).toMatchObject({ ok: false, formError: "Too many requests, please try again later." });
  });
});
