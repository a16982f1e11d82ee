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
const { useTestDatabase } = await import("../tests/setup/database");
const { resultRows } = await import("~/lib/db.server");
const { runNextJob } = await import("~/lib/job-queue.server");
const { MAIL_JOB, sendMail } = await import("~/lib/mail.server");
const { jobHandlers } = await import("./jobs");

interface Received {
  messageId: string;
  subject: string;
}

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
});
