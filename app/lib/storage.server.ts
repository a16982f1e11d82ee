import fs from "node:fs/promises";
import path from "node:path";
import { env, s3Settings } from "./env.server";
import { s3Storage } from "./s3-storage.server";
import type { Storage } from "./storage-interface";
import { StorageUnavailableError } from "./storage-unavailable";
import { assertStorageKey, InvalidStorageKeyError, MEDIA_PATH } from "./storage-keys";

// Where uploaded and rendered files live: one small interface over the local folder (the default,
// `DATA_DIR/uploads`) or an S3-compatible object store (S3_* settings, s3-storage.server.ts).
// Keys are relative paths ("demo/suv-white-front-640.webp"); they are checked before any use, so
// a key can never leave the storage root.

export type { Storage } from "./storage-interface";
export { InvalidStorageKeyError, isValidStorageKey, MEDIA_PATH } from "./storage-keys";
export { StorageUnavailableError } from "./storage-unavailable";

// Disk errors that mean "no room or no writing here", as opposed to a bug (a bad path).
const DISK_UNAVAILABLE_CODES = new Set(["ENOSPC", "EDQUOT", "EROFS", "EIO", "EACCES", "EPERM"]);

/** Files in a folder of the local disk. */
export function localStorage(root: string): Storage {
  const base = path.resolve(root);
  const fileOf = (key: string) => {
    const file = path.resolve(base, assertStorageKey(key));
    // Belt and braces: the key pattern already keeps every path inside the root.
    if (!file.startsWith(base + path.sep)) throw new InvalidStorageKeyError(`Invalid storage key: ${key}`);
    return file;
  };
  return {
    localRoot: base,
    async put(key, bytes) {
      const file = fileOf(key);
      // Written beside and renamed, so a reader never sees half a file.
      const temporary = `${file}.${process.pid}.${Date.now()}.tmp`;
      try {
        await fs.mkdir(path.dirname(file), { recursive: true });
        await fs.writeFile(temporary, bytes);
        await fs.rename(temporary, file);
      } catch (err) {
        // A full disk leaves half a temporary file: removed, so it frees what it took.
        await fs.rm(temporary, { force: true }).catch(() => {});
        if (DISK_UNAVAILABLE_CODES.has((err as NodeJS.ErrnoException).code ?? "")) throw new StorageUnavailableError(err);
        throw err;
      }
    },
    async read(key) {
      try {
        return new Uint8Array(await fs.readFile(fileOf(key)));
      } catch (err) {
        // A folder is no file either (an object store has no folders to read).
        const code = (err as NodeJS.ErrnoException).code;
        if (code === "ENOENT" || code === "EISDIR") return undefined;
        throw err;
      }
    },
    async exists(key) {
      try {
        return (await fs.stat(fileOf(key))).isFile();
      } catch {
        return false;
      }
    },
    async delete(key) {
      await fs.rm(fileOf(key), { force: true });
    },
    publicUrl: (key) => `${MEDIA_PATH}/${assertStorageKey(key)}`,
  };
}

/** The storage folder of this instance: `DATA_DIR/uploads`. */
export function uploadsDir(): string {
  return path.resolve(env().DATA_DIR, "uploads");
}

let configured: Storage | undefined;

/** The process's storage: the S3 store when its settings are given, the local uploads folder otherwise. */
export function storage(): Storage {
  if (!configured) {
    const s3 = s3Settings();
    configured = s3 ? s3Storage(s3) : localStorage(uploadsDir());
  }
  return configured;
}
