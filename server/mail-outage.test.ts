import net from "node:net";
import { sql } from "drizzle-orm";
import { SMTPServer } from "smtp-server";
import { afterAll, describe, expect, it } from "vitest";
import { freePort } from "../tests/setup/app-instance";

// SMTP down, then back: a real SMTP peer (smtp-server) on a port of the test's own, closed while
// "down". With SMTP_URL set, a mail is a job in the queue; each failed delivery is retried later,
// with growing delays, and the mail goes out once when the server answers again.

const port = await freePort();
process.env.SMTP_URL = `smtp://127.0.0.1:${port}`;
process.env.CAPTCHA = "off";
const { useTestDatabase } = await import("../tests/setup/database");
const { resultRows } = await import("~/lib/db.server");
const { runNextJob } = await import("~/lib/job-queue.server");
const { MAIL_JOB, sendMail } = await import("~/lib/mail.server");
const { jobHandlers } = await import("./jobs");
const { post } = await import("../tests/setup/route-calls");
const subscribeRoute = await import("~/routes/newsletter/subscribe");
const { confirmSubscription } = await import("~/features/newsletter/mutations.server");
const { NEWSLETTER_PENDING_MESSAGE } = await import("~/features/newsletter/schemas");

interface Received {
  messageId: string;
  subject: string;
}
/** Every message's source, as the peer received it (quoted-printable undone). */
const sources: string[] = [];

function startSmtpPeer(received: Received[]): Promise<SMTPServer> {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, _session, callback) {
      let raw = "";
      stream.on("data", (chunk: Buffer) => (raw += chunk.toString("utf8")));
      stream.on("end", () => {
        received.push({ messageId: raw.match(/^Message-ID: (.+)$/im)?.[1]?.trim() ?? "", subject: raw.match(/^Subject: (.+)$/im)?.[1]?.trim() ?? "" });
        sources.push(raw.replace(/=\r?\n/g, "").replace(/=3D/g, "="));
        callback();
      });
    },
  });
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve(server));
  });
}

async function portClosed(): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      resolve(false);
    });
    socket.once("error", () => resolve(true));
  });
}

describe("mail while SMTP is down", () => {
  const database = useTestDatabase();
  let peer: SMTPServer | undefined;
  afterAll(async () => {
    await new Promise<void>((resolve) => (peer ? peer.close(() => resolve()) : resolve()));
  });

  it("waits in the queue, retried with growing delays, and is delivered exactly once when SMTP returns", async () => {
    const db = database().db;
    const received: Received[] = [];
    expect(await portClosed()).toBe(true);

    const queued = await sendMail({ to: "buyer@example.com", subject: "Your request was received", text: "Hello", html: "<p>Hello</p>" });
    expect(queued.messageId).toMatch(/^<.+@.+>$/);
    const jobRow = async () =>
      resultRows<{ run_at: string; attempts: number; last_error: string | null; finished_at: string | null; failed_at: string | null }>(
        await db.execute(sql`select run_at, attempts, last_error, finished_at, failed_at from jobs where name = ${MAIL_JOB}`),
      );
    expect(await jobRow()).toHaveLength(1);

    // Three attempts while the server is down, each at the moment the last one said.
    let now = new Date(Date.now() + 1_000);
    const delays: number[] = [];
    for (let attempt = 1; attempt <= 3; attempt++) {
      const outcome = await runNextJob(db, jobHandlers, { workerId: "test", now });
      expect(outcome?.status).toBe("retry");
      expect(outcome?.error).toMatch(/ECONNREFUSED/);
      const [row] = await jobRow();
      const nextRun = new Date(row!.run_at);
      delays.push(nextRun.getTime() - now.getTime());
      // Not due before its time.
      expect(await runNextJob(db, jobHandlers, { workerId: "test", now: new Date(nextRun.getTime() - 1_000) })).toBeUndefined();
      now = new Date(nextRun.getTime() + 1);
    }
    expect(delays).toEqual([60_000, 4 * 60_000, 9 * 60_000]);
    expect(received).toHaveLength(0);

    // SMTP is back: the next attempt delivers it, once.
    peer = await startSmtpPeer(received);
    const delivered = await runNextJob(db, jobHandlers, { workerId: "test", now });
    expect(delivered?.status).toBe("finished");
    for (const later of [now.getTime() + 3_600_000, now.getTime() + 86_400_000]) {
      expect(await runNextJob(db, jobHandlers, { workerId: "test", now: new Date(later) })).toBeUndefined();
    }
    expect(received).toEqual([{ messageId: queued.messageId, subject: "Your request was received" }]);
    const [row] = await jobRow();
    expect(row!.attempts).toBe(4);
    expect(row!.finished_at).not.toBeNull();
    expect(row!.failed_at).toBeNull();
  });

  it("lets a visitor sign up for the newsletter while SMTP is down, and the confirmation goes out when it returns", async () => {
    const db = database().db;
    // The peer of the test before is stopped: SMTP is down again.
    await new Promise<void>((resolve) => (peer ? peer.close(() => resolve()) : resolve()));
    peer = undefined;
    expect(await portClosed()).toBe(true);

    const answer = await subscribeRoute.action({ request: post("/newsletter", { email: "patient@example.com" }), context: { clientIp: "10.9.0.1" }, params: {} } as never);
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ ok: true, message: NEWSLETTER_PENDING_MESSAGE });
    const subscriber = resultRows<{ status: string }>(await db.execute(sql`select status from newsletter_subscribers where email = 'patient@example.com'`));
    expect(subscriber).toEqual([{ status: "pending" }]);

    const received: Received[] = [];
    let now = new Date(Date.now() + 1_000);
    const failed = await runNextJob(db, jobHandlers, { workerId: "test", now });
    expect(failed?.status).toBe("retry");
    expect(failed?.error).toMatch(/ECONNREFUSED/);

    peer = await startSmtpPeer(received);
    now = new Date(now.getTime() + 60_001);
    expect((await runNextJob(db, jobHandlers, { workerId: "test", now }))?.status).toBe("finished");
    expect(received.map((mail) => mail.subject)).toEqual(["Confirm your subscription to the Voitura newsletter"]);
    // The link in the late mail still confirms the address.
    const token = sources.at(-1)!.match(/\/newsletter\/confirmer\?token=([\w-]+)/)?.[1];
    expect(token).toBeDefined();
    expect((await confirmSubscription(token!, now)).status).toBe("confirmed");
    expect(resultRows<{ status: string }>(await db.execute(sql`select status from newsletter_subscribers where email = 'patient@example.com'`))).toEqual([{ status: "confirmed" }]);
  });
});
