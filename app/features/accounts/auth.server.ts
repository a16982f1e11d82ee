import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { eq } from "drizzle-orm";
import { db } from "~/lib/db.server";
import { env, publicUrl } from "~/lib/env.server";
import { logger } from "~/lib/logger.server";
import { redis, redisEnabled, redisSecondaryStorage } from "~/lib/redis.server";
import { deriveSecret } from "~/lib/security.server";
import { site } from "~/lib/site";
import { authAccounts, sessions, users, verifications } from "../../../db/schema";
import { sendPasswordChangedMail, sendPasswordResetMail, sendVerificationMail } from "./mails.server";
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH, RESET_LINK_MINUTES, SESSION_DAYS, VERIFICATION_LINK_HOURS } from "./schemas";

// better-auth keeps users, password hashes, sessions and OAuth state. Our own routes (/login,
// /register, /mon-compte…) call its server API so the specification's messages, rate limits and
// forms stay ours; over HTTP it only answers the social sign-in callbacks (see disabledPaths).

const AUTH_BASE_PATH = "/api/auth";

export type SocialProvider = "google" | "facebook";

/** The social providers whose ids are configured (their buttons show only then). */
export function configuredSocialProviders(): SocialProvider[] {
  const e = env();
  const out: SocialProvider[] = [];
  if (e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET) out.push("google");
  if (e.FACEBOOK_CLIENT_ID && e.FACEBOOK_CLIENT_SECRET) out.push("facebook");
  return out;
}

/** Where the social buttons' POST redirects the browser: the page's CSP form-action must allow it. */
const SOCIAL_SIGN_IN_ORIGINS: Record<SocialProvider, string> = {
  google: "https://accounts.google.com",
  facebook: "https://www.facebook.com",
};

export function socialSignInOrigins(): string[] {
  return configuredSocialProviders().map((provider) => SOCIAL_SIGN_IN_ORIGINS[provider]);
}

function createAuth() {
  const e = env();
  const secure = publicUrl().startsWith("https://");
  return betterAuth({
    appName: site.name,
    baseURL: publicUrl(),
    basePath: AUTH_BASE_PATH,
    secret: deriveSecret("better-auth"),
    trustedOrigins: [publicUrl()],
    telemetry: { enabled: false },
    database: drizzleAdapter(db(), {
      provider: "pg",
      // Sign-up writes a user and its password account: both or neither.
      transaction: true,
      schema: { user: users, session: sessions, account: authAccounts, verification: verifications },
    }),
    // Every endpoint but the social sign-in callback is reached through our own routes only.
    disabledPaths: [
      "/sign-up/email",
      "/sign-in/email",
      "/sign-in/social",
      "/sign-out",
      "/verify-email",
      "/send-verification-email",
      "/request-password-reset",
      "/reset-password",
      "/change-password",
      "/change-email",
      "/update-user",
      "/delete-user",
      "/revoke-session",
      "/revoke-sessions",
      "/revoke-other-sessions",
      "/list-sessions",
      "/link-social",
      "/unlink-account",
      "/list-accounts",
      "/set-password",
      "/refresh-token",
      "/get-access-token",
      "/account-info",
    ],
    // Our routes count attempts per address and per email (security.server rateLimit).
    rateLimit: { enabled: false },
    user: {
      additionalFields: {
        disabled: { type: "boolean", required: false, defaultValue: false, input: false },
      },
    },
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      autoSignIn: false,
      minPasswordLength: MIN_PASSWORD_LENGTH,
      maxPasswordLength: MAX_PASSWORD_LENGTH,
      resetPasswordTokenExpiresIn: RESET_LINK_MINUTES * 60,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user, token }) => {
        await sendPasswordResetMail(user, token);
      },
      onPasswordReset: async ({ user }) => {
        // The reset link proved the mailbox is theirs.
        await db().update(users).set({ emailVerified: true, updatedAt: new Date() }).where(eq(users.id, user.id));
        await sendPasswordChangedMail(user);
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      sendOnSignIn: false,
      // The activation link only verifies: opened by someone else, it must not sign them into
      // the account (accounts.server verifyEmail).
      autoSignInAfterVerification: false,
      expiresIn: VERIFICATION_LINK_HOURS * 3600,
      sendVerificationEmail: async ({ user, token }) => {
        await sendVerificationMail(user, token);
      },
    },
    socialProviders: {
      ...(e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET
        ? { google: { clientId: e.GOOGLE_CLIENT_ID, clientSecret: e.GOOGLE_CLIENT_SECRET, prompt: "select_account" as const } }
        : {}),
      ...(e.FACEBOOK_CLIENT_ID && e.FACEBOOK_CLIENT_SECRET
        ? { facebook: { clientId: e.FACEBOOK_CLIENT_ID, clientSecret: e.FACEBOOK_CLIENT_SECRET } }
        : {}),
    },
    account: {
      // A social sign-in with the same email joins the existing account, but only one whose email
      // was verified: otherwise whoever registered the address first (without owning it) would
      // share the account with its owner. The owner gets the generic error and can take the
      // account back with "Forgot password" (the reset verifies the email and ends every session).
      accountLinking: {
        enabled: true,
        trustedProviders: ["google", "facebook"],
        allowDifferentEmails: false,
        requireLocalEmailVerified: true,
      },
    },
    session: {
      expiresIn: SESSION_DAYS * 24 * 3600,
      updateAge: 24 * 3600,
      // Sessions are looked up on every request so "sign out everywhere" takes effect at once.
      cookieCache: { enabled: false },
      storeSessionInDatabase: true,
    },
    secondaryStorage: redisEnabled() ? redisSecondaryStorage(redis()) : undefined,
    advanced: {
      cookiePrefix: "voitura",
      useSecureCookies: secure,
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax", secure },
    },
    logger: {
      level: "error",
      log: (level, message) => {
        // better-auth's messages name events, never passwords.
        if (level === "error") logger.error({ auth: true }, message);
        else logger.warn({ auth: true }, message);
      },
    },
  });
}

type Auth = ReturnType<typeof createAuth>;
let instance: Auth | undefined;

/** The better-auth instance (created on first use, after the database is open). */
export function auth(): Auth {
  instance ??= createAuth();
  return instance;
}
