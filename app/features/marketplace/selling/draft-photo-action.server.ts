import { redirect } from "react-router";
import { currentUser } from "~/features/accounts/accounts.server";
import { loginUrl } from "~/features/accounts/urls";
import { safeReturnPath } from "~/lib/return-path";
import { MultipartError, type MultipartPart, readMultipart } from "~/lib/multipart.server";
import { assertSameOrigin, rateLimit, readForm, TOO_MANY_REQUESTS_MESSAGE } from "~/lib/security.server";
import { isValidStorageKey } from "~/lib/storage.server";
import type { DraftPhoto } from "../../../../db/schema";
import {
  addDraftPhotos,
  DraftNotFoundError,
  type IncomingPhoto,
  moveDraftPhoto,
  type PhotoRefusal,
  removeDraftPhoto,
  setDraftCover,
} from "./draft-photos.server";
import { PHOTO_MESSAGES, PHOTO_RULES } from "./photo-rules";

// POST /poster-une-annonce/photos, multipart: draft, intent (upload | move | cover | delete),
// photo (files, for upload), key, to, returnTo. The photo manager's script asks for JSON and gets
// { photos } or { error } with a 4xx; the no-script forms get a 303 back to returnTo carrying
// ?photos_added=N and ?photos_error=… . The body is read part by part (lib/multipart.server.ts):
// each photo is checked and stored before the next is read, so memory holds one photo at a time.

const HOUR = 60 * 60_000;
/** Photos per seller per hour: twenty for an ad, retries and a second ad. */
const UPLOADS_PER_HOUR = 60;
const CHANGES_PER_HOUR = 600;
const UPLOAD_RATE_MESSAGE = "You have sent many photos in the last hour: please wait a while before adding more.";

const json = (body: unknown, status = 200, headers: HeadersInit = {}) =>
  Response.json(body, { status, headers: { "Cache-Control": "no-store", ...headers } });

/** A same-site path to come back to, else the posting start page. */
const backPath = (value: string | undefined) => safeReturnPath(value, "/poster-une-annonce");

/** returnTo with this request's outcome in its query (any earlier outcome dropped). */
function backWith(path: string, outcome: { added?: number; error?: string }): string {
  const url = new URL(path, "http://site.invalid");
  url.searchParams.delete("photos_added");
  url.searchParams.delete("photos_error");
  if (outcome.added) url.searchParams.set("photos_added", String(outcome.added));
  if (outcome.error) url.searchParams.set("photos_error", outcome.error);
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The leading fields of the form, up to its first file (which is left for the caller). */
async function leadingFields(parts: AsyncGenerator<MultipartPart>): Promise<{ fields: Map<string, string>; firstFile?: MultipartPart }> {
  const fields = new Map<string, string>();
  for (;;) {
    const next = await parts.next();
    if (next.done) return { fields };
    if (next.value.kind === "file") return { fields, firstFile: next.value };
    if (!fields.has(next.value.name)) fields.set(next.value.name, next.value.value);
  }
}

const noParts = (async function* (): AsyncGenerator<MultipartPart> {})();

export async function draftPhotoAction(request: Request): Promise<Response> {
  assertSameOrigin(request);
  const wantsJson = (request.headers.get("accept") ?? "").includes("application/json");
  let returnTo: string | undefined;
  const fail = (status: number, message: string, photos?: DraftPhoto[], headers: HeadersInit = {}) => {
    if (wantsJson) return json(photos ? { error: message, photos } : { error: message }, status, headers);
    if (returnTo !== undefined) return redirect(backWith(backPath(returnTo), { error: message }), { status: 303 });
    return new Response(message, { status, headers: { "content-type": "text/plain; charset=utf-8", ...headers } });
  };

  // Fields first (the forms put them before the files): who, which draft, what to do.
  let parts = noParts;
  let fields: Map<string, string>;
  let firstFile: MultipartPart | undefined;
  try {
    if ((request.headers.get("content-type") ?? "").toLowerCase().startsWith("application/x-www-form-urlencoded")) {
      const form = await readForm(request, 8 * 1024);
      fields = new Map([...form.entries()].filter((e): e is [string, string] => typeof e[1] === "string"));
    } else {
      parts = readMultipart(request, {
        maxFileBytes: PHOTO_RULES.maxBytes,
        maxFiles: PHOTO_RULES.maxPhotos,
        maxTotalBytes: PHOTO_RULES.maxPhotos * PHOTO_RULES.maxBytes + 64 * 1024,
      });
      ({ fields, firstFile } = await leadingFields(parts));
    }
  } catch (error) {
    if (error instanceof MultipartError) return fail(error.status, error.message);
    if (error instanceof Response) return fail(error.status, "The form could not be read.");
    throw error;
  }
  returnTo = fields.get("returnTo");

  const user = await currentUser(request);
  if (!user) {
    await parts.return(undefined);
    if (wantsJson) return json({ error: "Sign in to add photos to your ad." }, 401);
    return redirect(loginUrl(backPath(returnTo)), { status: 303 });
  }

  const draftId = Number(fields.get("draft"));
  const intent = fields.get("intent");
  if (!Number.isSafeInteger(draftId) || draftId <= 0 || !["upload", "move", "cover", "delete"].includes(intent ?? "")) {
    await parts.return(undefined);
    return fail(400, "This photo request is not valid.");
  }

  try {
    if (intent === "upload") {
      let fileCount = 0;
      const uploadLimit = async (): Promise<PhotoRefusal | undefined> => {
        const limit = await rateLimit(`photo-upload:${user.id}`, { limit: UPLOADS_PER_HOUR, windowMs: HOUR });
        return limit.ok ? undefined : { message: UPLOAD_RATE_MESSAGE, status: 429 };
      };
      async function* photos(): AsyncGenerator<IncomingPhoto> {
        for (let part = firstFile; part; ) {
          // An empty file input still sends one nameless, empty part.
          if (part.kind === "file" && !(part.filename === "" && part.bytes.length === 0 && !part.tooLarge)) {
            fileCount += 1;
            const refusal = part.tooLarge ? { message: PHOTO_MESSAGES.tooHeavy, status: 413 as const } : await uploadLimit();
            yield { bytes: part.bytes, refusal };
          }
          const next = await parts.next();
          part = next.done ? undefined : next.value;
        }
      }
      const result = await addDraftPhotos(user.id, draftId, photos());
      if (fileCount === 0) return fail(400, "Choose at least one photo to upload.");
      const messages = [...new Set(result.refused.map((r) => r.message))];
      const error =
        result.refused.length === 0 ? undefined : result.refused.length === 1 || fileCount === 1 ? messages[0] : `${result.refused.length} photos were not added. ${messages.join(" ")}`;
      if (wantsJson) {
        if (!error) return json({ photos: result.photos });
        const rateLimited = result.refused.some((r) => r.status === 429);
        const storeDown = result.refused.some((r) => r.status === 503);
        const retryAfter: Record<string, string> = rateLimited ? { "Retry-After": "600" } : storeDown ? { "Retry-After": "60" } : {};
        return json({ error, photos: result.photos }, storeDown ? 503 : result.refused[0]!.status, retryAfter);
      }
      return redirect(backWith(backPath(returnTo), { added: result.added, error }), { status: 303 });
    }

    const limit = await rateLimit(`photo-change:${user.id}`, { limit: CHANGES_PER_HOUR, windowMs: HOUR });
    if (!limit.ok) return fail(429, TOO_MANY_REQUESTS_MESSAGE, undefined, { "Retry-After": String(limit.retryAfterSeconds) });
    const key = fields.get("key") ?? "";
    if (!isValidStorageKey(key)) return fail(400, "This photo request is not valid.");
    let photos: DraftPhoto[];
    if (intent === "move") {
      const to = Number(fields.get("to"));
      if (!Number.isInteger(to) || to < 0 || to >= PHOTO_RULES.maxPhotos) return fail(400, "This photo request is not valid.");
      photos = await moveDraftPhoto(user.id, draftId, key, to);
    } else if (intent === "cover") {
      photos = await setDraftCover(user.id, draftId, key);
    } else {
      photos = await removeDraftPhoto(user.id, draftId, key);
    }
    if (wantsJson) return json({ photos });
    return redirect(backWith(backPath(returnTo), {}), { status: 303 });
  } catch (error) {
    if (error instanceof DraftNotFoundError) {
      await parts.return(undefined);
      return fail(404, error.message);
    }
    if (error instanceof MultipartError) return fail(error.status, error.message);
    throw error;
  } finally {
    await parts.return(undefined);
  }
}
