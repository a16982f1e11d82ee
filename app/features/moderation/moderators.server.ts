import { currentUser, type SessionUser } from "~/features/accounts/accounts.server";
import { env } from "~/lib/env.server";
import { routeNotFound } from "~/lib/errors";

// Who moderates: the verified accounts whose address MODERATOR_EMAILS names (docs/moderation.md).
// Everyone else, signed in or not, meets the spec's 404 page at /moderation: the area is not
// advertised, and a visitor cannot tell it from a page that does not exist.

export function isModerator(user: Pick<SessionUser, "email" | "emailVerified"> | null | undefined): boolean {
  return Boolean(user?.emailVerified && env().MODERATOR_EMAILS.includes(user.email.toLowerCase()));
}

/** For the moderation pages' loaders and actions: the moderator, or the 404 page. */
export async function requireModerator(request: Request): Promise<SessionUser> {
  const user = await currentUser(request);
  if (!isModerator(user)) routeNotFound(new URL(request.url).pathname);
  return user!;
}
