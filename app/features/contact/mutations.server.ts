import { eq } from "drizzle-orm";
import { contactMessages } from "../../../db/schema";
import { db } from "~/lib/db.server";
import { env } from "~/lib/env.server";
import { logger } from "~/lib/logger.server";
import { renderMail, sendMail } from "~/lib/mail.server";
import { site } from "~/lib/site";
import type { ContactInput } from "./schemas";

function contactRecipient(): string {
  return env().CONTACT_EMAIL ?? site.contactEmail;
}

/**
 * Stores a validated contact message, then mails it to the team with Reply-To set to the
 * sender. The row is written first so a mail failure never loses a message: mailed_at stays
 * empty and the failure is logged, for a later resend.
 */
export async function submitContactMessage(
  input: ContactInput,
  options: { visitorId?: string } = {},
): Promise<{ id: number; mailed: boolean }> {
  const [row] = await db()
    .insert(contactMessages)
    .values({
      name: input.name,
      email: input.email,
      phone: input.phone ?? null,
      subject: input.subject,
      message: input.message,
      visitorId: options.visitorId ?? null,
    })
    .returning({ id: contactMessages.id, createdAt: contactMessages.createdAt });
  if (!row) throw new Error("contact message was not stored");

  try {
    await mailContactMessage(row.id, input, row.createdAt);
    await db().update(contactMessages).set({ mailedAt: new Date() }).where(eq(contactMessages.id, row.id));
    return { id: row.id, mailed: true };
  } catch (err) {
    logger.error({ err, contactMessageId: row.id }, "contact message stored but not mailed");
    return { id: row.id, mailed: false };
  }
}

async function mailContactMessage(id: number, input: ContactInput, createdAt: Date): Promise<void> {
  const details = [
    `From: ${input.name} <${input.email}>`,
    ...(input.phone ? [`Phone: ${input.phone}`] : []),
    `Subject: ${input.subject}`,
    `Received: ${createdAt.toISOString()} (message #${id})`,
  ];
  const { html, text } = renderMail({
    preheader: `${input.name}: ${input.subject}`,
    heading: "New message from the contact form",
    paragraphs: [details.join("\n"), input.message],
    footer: "Reply to this mail to answer the sender directly.",
  });
  await sendMail({
    to: contactRecipient(),
    replyTo: { name: input.name, address: input.email },
    subject: `Contact form: ${input.subject}`,
    text,
    html,
  });
}
