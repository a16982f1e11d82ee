import { publicUrl } from "~/lib/env.server";
import { renderMail, sendMail } from "~/lib/mail.server";
import { site } from "~/lib/site";
import { accountUrls } from "./urls";

interface MailUser {
  name: string;
  email: string;
}

const RECIPIENT = (user: MailUser) => ({ name: user.name, address: user.email });

function verificationUrl(token: string): string {
  return `${publicUrl()}${accountUrls.verifyEmail}?token=${encodeURIComponent(token)}`;
}

function passwordResetUrl(token: string): string {
  return `${publicUrl()}${accountUrls.newPassword}?token=${encodeURIComponent(token)}`;
}

export async function sendVerificationMail(user: MailUser, token: string): Promise<void> {
  const { html, text } = renderMail({
    preheader: "One click to activate your account.",
    heading: `Welcome to ${site.name}, ${user.name}`,
    paragraphs: [
      `Thank you for joining ${site.name}. Please confirm that this address is yours to activate your account.`,
      "The link is valid for 24 hours and signs you in.",
    ],
    action: { label: "Activate my account", url: verificationUrl(token) },
    footer: `You receive this mail because this address was used to create an account on ${site.name}. If it was not you, ignore it: no account will be activated.`,
  });
  await sendMail({ to: RECIPIENT(user), subject: `Activate your ${site.name} account`, html, text });
}

export async function sendPasswordResetMail(user: MailUser, token: string): Promise<void> {
  const { html, text } = renderMail({
    preheader: "Choose a new password for your account.",
    heading: "Reset your password",
    paragraphs: [
      `Someone, probably you, asked to reset the password of your ${site.name} account.`,
      "The link below works once and expires in 1 hour. If you did not ask for it, ignore this mail: your password stays the same.",
    ],
    action: { label: "Choose a new password", url: passwordResetUrl(token) },
  });
  await sendMail({ to: RECIPIENT(user), subject: `Reset your ${site.name} password`, html, text });
}

export async function sendPasswordChangedMail(user: MailUser): Promise<void> {
  const { html, text } = renderMail({
    preheader: "Your password was changed and your other sessions were signed out.",
    heading: "Your password was changed",
    paragraphs: [
      `The password of your ${site.name} account was just changed, and every other device was signed out.`,
      "If this was not you, reset your password now and contact us.",
    ],
    action: { label: "Reset my password", url: `${publicUrl()}${accountUrls.forgotPassword}` },
  });
  await sendMail({ to: RECIPIENT(user), subject: `Your ${site.name} password was changed`, html, text });
}
