// Storage keys are relative paths ("demo/suv-white-front-640.webp"), the same on the local disk and
// in an object store. They are checked before any use, so a key can never leave the storage root.

export const MEDIA_PATH = "/medias";

// Letters, digits, dot, dash and underscore in each segment; a segment starts with a letter or a
// digit (no hidden files, no "." or ".." segments).
const KEY = /^[A-Za-z0-9][A-Za-z0-9._-]*(?:\/[A-Za-z0-9][A-Za-z0-9._-]*)*$/;
const MAX_KEY_LENGTH = 300;

export class InvalidStorageKeyError extends Error {}

export function isValidStorageKey(key: string): boolean {
  return typeof key === "string" && key.length <= MAX_KEY_LENGTH && KEY.test(key) && !key.includes("..");
}

export function assertStorageKey(key: string): string {
  if (!isValidStorageKey(key)) throw new InvalidStorageKeyError(`Invalid storage key: ${JSON.stringify(String(key).slice(0, 80))}`);
  return key;
}

