import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { dealerInvitations, dealerMembers } from "../../../db/schema";
import { insertDealer } from "../../../tests/setup/ad-fixtures";
import { useTestDatabase } from "../../../tests/setup/database";
import { addMember, callWith, getAs, postTo, roleOf, signedInUser } from "../../../tests/setup/dealer-member-calls";
import { emptyOutbox, parsedOutboxMails } from "../../../tests/setup/outbox";

// The dealer's people and invitations through their routes (issue 46): every action tried by a
// member of another dealer (the 404 page), by staff (a 403), with ids of another dealer's rows
// forged into the form; the invitation link single-use, for the invited verified address only.

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "voitura-dealer-people-"));
process.env.DATA_DIR = dataDir;
process.env.CAPTCHA = "off";
process.env.AUTH_SECRET = "dealer-people-test-secret-0123456789-abcdef";
process.env.RATE_LIMIT_AUTH = "1000";
process.env.RATE_LIMIT_FORMS = "1000";
delete process.env.SMTP_URL;
delete process.env.REDIS_URL;
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

const { action: loginAction } = await import("~/routes/accounts/login");
const people = await import("~/routes/dealer-accounts/people");
const invitation = await import("~/routes/dealer-accounts/invitation");
const { PEOPLE_MESSAGES } = await import("./people-rules");

const database = useTestDatabase();
const mails = () => parsedOutboxMails(dataDir);
beforeEach(async () => {
  emptyOutbox(dataDir);
  // One database for the file: each test starts without invitations or members.
  await database().db.delete(dealerInvitations);
  await database().db.delete(dealerMembers);
});

const peopleUrl = (dealerId: number) => `/mon-compte/concession/${dealerId}/equipe`;

/** Two dealers: A with an owner and a staff member, B with its own owner. */
async function twoDealers() {
  const { db } = database();
  const dealerA = await insertDealer(db, { name: "Highveld Motors (demo data)" });
  const dealerB = await insertDealer(db, { name: "Karoo Auto (demo data)" });
  const ownerA = await signedInUser(db, loginAction, { name: "Thandi Owner" });
  const staffA = await signedInUser(db, loginAction, { name: "Sipho Staff" });
  const ownerB = await signedInUser(db, loginAction, { name: "Pieter Other" });
  await addMember(db, dealerA.id, ownerA.id, "owner");
  await addMember(db, dealerA.id, staffA.id, "staff");
  await addMember(db, dealerB.id, ownerB.id, "owner");
  return { dealerA, dealerB, ownerA, staffA, ownerB };
}

const asPeople = (dealerId: number) => ({ dealerId: String(dealerId) });

async function inviteAs(cookie: string, dealerId: number, email: string, role = "staff") {
  return callWith(people.action, postTo(peopleUrl(dealerId), { intent: "invite", email, role }, cookie), asPeople(dealerId));
}

/** The token of the last invitation mailed to `email`, read from its link. */
function mailedToken(email: string): string {
  const mail = mails().filter((m) => m.to.includes(email)).at(-1);
  const link = mail?.links.find((l) => l.includes("/mon-compte/concession/invitation?token="));
  if (!link) throw new Error(`no invitation mailed to ${email}`);
  return new URL(link).searchParams.get("token")!;
}

describe("the people page's loader", () => {
  it("lists members and waiting invitations for the owner; staff get the 403, another dealer's owner the 404, a visitor the login", async () => {
    const { dealerA, ownerA, staffA, ownerB } = await twoDealers();
    expect((await inviteAs(ownerA.cookie, dealerA.id, "new.person@example.co.za")).status).toBe(200);
    const page = await callWith(people.loader, getAs(peopleUrl(dealerA.id), ownerA.cookie), asPeople(dealerA.id));
    expect(page.status).toBe(200);
    const body = page.body as { members: { name: string; role: string }[]; invitations: { email: string; role: string }[] };
    expect(body.members.map((m) => [m.name, m.role])).toEqual([
      ["Thandi Owner", "owner"],
      ["Sipho Staff", "staff"],
    ]);
    expect(body.invitations).toMatchObject([{ email: "new.person@example.co.za", role: "staff" }]);

    const staff = await callWith(people.loader, getAs(peopleUrl(dealerA.id), staffA.cookie), asPeople(dealerA.id));
    expect(staff.status).toBe(403);
    expect(staff.body.message).toBe("Only the dealer's owner can do this.");
    expect((await callWith(people.loader, getAs(peopleUrl(dealerA.id), ownerB.cookie), asPeople(dealerA.id))).status).toBe(404);
    const visitor = await callWith(people.loader, getAs(peopleUrl(dealerA.id)), asPeople(dealerA.id));
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get("Location")).toBe(`/login?redirectTo=${encodeURIComponent(peopleUrl(dealerA.id))}`);
  });
});

describe("every people action, tried by the wrong person", () => {
  it("is the 404 for a member of another dealer and a 403 for staff, and changes nothing", async () => {
    const { db } = database();
    const { dealerA, ownerA, staffA, ownerB } = await twoDealers();
    await inviteAs(ownerA.cookie, dealerA.id, "waiting@example.co.za");
    const [waiting] = await db.select().from(dealerInvitations).where(eq(dealerInvitations.dealerId, dealerA.id));
    const attempts: Record<string, string>[] = [
      { intent: "invite", email: "intruder@example.co.za", role: "owner" },
      { intent: "revoke", invitation: String(waiting!.id) },
      { intent: "role", member: staffA.id, role: "owner" },
      { intent: "remove", member: ownerA.id },
    ];
    for (const fields of attempts) {
      const other = await callWith(people.action, postTo(peopleUrl(dealerA.id), fields, ownerB.cookie), asPeople(dealerA.id));
      expect(other.status, `another dealer's owner: ${fields.intent}`).toBe(404);
      const staff = await callWith(people.action, postTo(peopleUrl(dealerA.id), fields, staffA.cookie), asPeople(dealerA.id));
      expect(staff.status, `staff: ${fields.intent}`).toBe(403);
    }
    expect(await db.select({ email: dealerInvitations.email }).from(dealerInvitations)).toEqual([{ email: "waiting@example.co.za" }]);
    expect(await roleOf(db, dealerA.id, staffA.id)).toBe("staff");
    expect(await roleOf(db, dealerA.id, ownerA.id)).toBe("owner");
    expect(mails().filter((m) => m.to.includes("intruder"))).toHaveLength(0);
  });

  it("finds nothing when an owner forges another dealer's ids into their own dealer's form", async () => {
    const { db } = database();
    const { dealerA, dealerB, ownerA, staffA, ownerB } = await twoDealers();
    await inviteAs(ownerA.cookie, dealerA.id, "waiting@example.co.za");
    const [waiting] = await db.select().from(dealerInvitations).where(eq(dealerInvitations.dealerId, dealerA.id));
    const own = (fields: Record<string, string>) => callWith(people.action, postTo(peopleUrl(dealerB.id), { ...fields, dealerId: String(dealerA.id) }, ownerB.cookie), asPeople(dealerB.id));
    expect((await own({ intent: "revoke", invitation: String(waiting!.id) })).status).toBe(404);
    expect((await own({ intent: "role", member: staffA.id, role: "owner" })).status).toBe(404);
    expect((await own({ intent: "remove", member: staffA.id })).status).toBe(404);
    expect(await db.select({ id: dealerInvitations.id }).from(dealerInvitations)).toEqual([{ id: waiting!.id }]);
    expect(await roleOf(db, dealerA.id, staffA.id)).toBe("staff");
    // An invitation sent from B's URL with A's id in the form is B's.
    expect((await own({ intent: "invite", email: "for-b@example.co.za", role: "staff" })).status).toBe(200);
    const [forB] = await db.select().from(dealerInvitations).where(eq(dealerInvitations.email, "for-b@example.co.za"));
    expect(forB!.dealerId).toBe(dealerB.id);
  });
});

describe("the owner's changes", () => {
  it("never leaves the dealer without an owner, and lets a second owner step down", async () => {
    const { db } = database();
    const { dealerA, ownerA, staffA } = await twoDealers();
    const act = (fields: Record<string, string>) => callWith(people.action, postTo(peopleUrl(dealerA.id), fields, ownerA.cookie), asPeople(dealerA.id));
    const demote = await act({ intent: "role", member: ownerA.id, role: "staff" });
    expect(demote).toMatchObject({ status: 409, body: { ok: false, formError: PEOPLE_MESSAGES.lastOwner } });
    expect((await act({ intent: "remove", member: ownerA.id })).status).toBe(409);
    expect(await roleOf(db, dealerA.id, ownerA.id)).toBe("owner");

    expect((await act({ intent: "role", member: staffA.id, role: "owner" })).status).toBe(200);
    expect(await roleOf(db, dealerA.id, staffA.id)).toBe("owner");
    // Now one of two: stepping down leads back to the dashboard, where People is no longer offered.
    const stepDown = await act({ intent: "role", member: ownerA.id, role: "staff" });
    expect(stepDown.status).toBe(303);
    expect(stepDown.headers.get("Location")).toBe(`/mon-compte/concession/${dealerA.id}`);
    expect(await roleOf(db, dealerA.id, ownerA.id)).toBe("staff");
  });

  it("refuses to invite someone already in the dealer, and withdraws an invitation", async () => {
    const { db } = database();
    const { dealerA, ownerA, staffA } = await twoDealers();
    const again = await inviteAs(ownerA.cookie, dealerA.id, staffA.email.toUpperCase());
    expect(again).toMatchObject({ status: 409, body: { fieldErrors: { email: PEOPLE_MESSAGES.alreadyMember } } });
    const bad = await inviteAs(ownerA.cookie, dealerA.id, "not-an-address", "boss");
    expect(bad).toMatchObject({ status: 400, body: { fieldErrors: { email: PEOPLE_MESSAGES.invalidEmail, role: PEOPLE_MESSAGES.invalidRole } } });

    await inviteAs(ownerA.cookie, dealerA.id, "leaving@example.co.za");
    const token = mailedToken("leaving@example.co.za");
    const [row] = await db.select().from(dealerInvitations);
    const revoke = await callWith(people.action, postTo(peopleUrl(dealerA.id), { intent: "revoke", invitation: String(row!.id) }, ownerA.cookie), asPeople(dealerA.id));
    expect(revoke.status).toBe(200);
    const link = await callWith(invitation.loader, getAs(`/mon-compte/concession/invitation?token=${token}`), {});
    expect(link).toMatchObject({ status: 404, body: { invitation: { state: "unknown" } } });
  });
});

describe("an invitation link", () => {
  it("is mailed with a token the database keeps only as a hash, shows the dealer and role, and works once for the invited address", async () => {
    const { db } = database();
    const { dealerA, ownerA } = await twoDealers();
    const invited = await signedInUser(db, loginAction, { name: "Lerato New", email: "lerato.new@example.co.za" });
    const stranger = await signedInUser(db, loginAction, { name: "Forwarded To" });
    expect((await inviteAs(ownerA.cookie, dealerA.id, "Lerato.New@example.co.za")).body).toMatchObject({ ok: true, notice: "Invitation sent to lerato.new@example.co.za." });
    const mail = mails().at(-1)!;
    expect(mail.subject).toBe("Highveld Motors (demo data) invites you to Voitura");
    expect(mail.text).toContain("Thandi Owner invites you to act for Highveld Motors (demo data) on Voitura as staff.");
    const token = mailedToken("lerato.new@example.co.za");
    const [stored] = await db.select().from(dealerInvitations);
    expect(stored!.tokenHash).not.toContain(token);
    expect(JSON.stringify(stored)).not.toContain(token);

    const linkUrl = `/mon-compte/concession/invitation?token=${token}`;
    const shown = await callWith(invitation.loader, getAs(linkUrl), {});
    expect(shown.body).toMatchObject({ invitation: { state: "open", dealerName: "Highveld Motors (demo data)", role: "staff" }, signedInAs: null });
    expect(shown.headers.get("Cache-Control")).toBe("private, no-store");

    // A forwarded link: another account cannot accept it.
    const forwarded = await callWith(invitation.action, postTo(linkUrl, {}, stranger.cookie), {});
    expect(forwarded.status).toBe(403);
    expect(String(forwarded.body.message)).toContain("sent to another e-mail address");
    expect(await roleOf(db, dealerA.id, stranger.id)).toBeUndefined();

    const accepted = await callWith(invitation.action, postTo(linkUrl, {}, invited.cookie), {});
    expect(accepted.status).toBe(303);
    expect(accepted.headers.get("Location")).toBe(`/mon-compte/concession/${dealerA.id}`);
    expect(await roleOf(db, dealerA.id, invited.id)).toBe("staff");
    const [used] = await db.select().from(dealerInvitations);
    expect(used!.acceptedAt).not.toBeNull();

    const twice = await callWith(invitation.action, postTo(linkUrl, {}, invited.cookie), {});
    expect(twice.status).toBe(410);
    expect(String(twice.body.message)).toContain("already used");
    expect(await db.select().from(dealerMembers).where(eq(dealerMembers.userId, invited.id))).toHaveLength(1);
  });

  it("says so when expired or unknown, and makes no member", async () => {
    const { db } = database();
    const { dealerA, ownerA } = await twoDealers();
    const invited = await signedInUser(db, loginAction, { email: "late@example.co.za" });
    await inviteAs(ownerA.cookie, dealerA.id, "late@example.co.za");
    const token = mailedToken("late@example.co.za");
    await db.update(dealerInvitations).set({ expiresAt: new Date(Date.now() - 1000) });
    const linkUrl = `/mon-compte/concession/invitation?token=${token}`;
    expect(await callWith(invitation.loader, getAs(linkUrl, invited.cookie), {})).toMatchObject({ status: 410, body: { invitation: { state: "expired" } } });
    const late = await callWith(invitation.action, postTo(linkUrl, {}, invited.cookie), {});
    expect(late.status).toBe(410);
    expect(String(late.body.message)).toContain("expired");
    const unknown = await callWith(invitation.action, postTo("/mon-compte/concession/invitation?token=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA", {}, invited.cookie), {});
    expect(unknown.status).toBe(404);
    expect(await roleOf(db, dealerA.id, invited.id)).toBeUndefined();
  });
});
