import path from "node:path";
import yauzl from "yauzl";
import { PHOTO_RULES } from "~/features/marketplace/selling/photo-rules";

// The ZIP of a feed's photos, read lazily: only its directory at first (names and declared sizes),
// then each photo a row names, one at a time, when it is processed. Guards against a ZIP bomb: a
// cap on entries and on the declared total, no entry past a photo's 15 MB is ever inflated, and the
// reader checks that each entry inflates to exactly its declared size (yauzl's validateEntrySizes).
// Names with a folder are matched by their file name; absolute and "../" names are refused by yauzl.

export const ZIP_LIMITS = {
  entries: 50_000,
  /** The declared sizes of every entry added up. */
  totalBytes: 8 * 1024 * 1024 * 1024,
} as const;

export class PhotoZipError extends Error {}

export interface PhotoZip {
  /** Photo file names (without folders) in the ZIP, any case. */
  has(name: string): boolean;
  /** Whether two entries share this name (then a row naming it cannot say which). */
  ambiguous(name: string): boolean;
  /** The declared size of the named photo. */
  size(name: string): number;
  /** The photo's bytes (a PhotoZipError if it is past 15 MB or does not inflate to its declared size). */
  read(name: string): Promise<Buffer>;
  close(): void;
}

const key = (name: string) => name.toLowerCase();

function openZip(source: string | Buffer): Promise<yauzl.ZipFile> {
  return new Promise((resolve, reject) => {
    const done = (error: Error | null, zip?: yauzl.ZipFile) => (error || !zip ? reject(new PhotoZipError(`The photos' ZIP cannot be read: ${error?.message ?? "unknown error"}`)) : resolve(zip));
    const options = { lazyEntries: true, autoClose: false, validateEntrySizes: true, strictFileNames: false, decodeStrings: true };
    if (typeof source === "string") yauzl.open(source, options, done);
    else yauzl.fromBuffer(source, options, done);
  });
}

/** Opens a ZIP (a file's path or its bytes) and reads its directory. */
export async function openPhotoZip(source: string | Buffer): Promise<PhotoZip> {
  const zip = await openZip(source);
  if (zip.entryCount > ZIP_LIMITS.entries) {
    zip.close();
    throw new PhotoZipError(`The photos' ZIP holds ${zip.entryCount} files; at most ${ZIP_LIMITS.entries} are read`);
  }
  const entries = new Map<string, yauzl.Entry[]>();
  let total = 0;
  await new Promise<void>((resolve, reject) => {
    zip.on("entry", (entry: yauzl.Entry) => {
      const name = path.posix.basename(entry.fileName);
      // Folders, and the files Finder adds to a ZIP it makes.
      if (!entry.fileName.endsWith("/") && !entry.fileName.startsWith("__MACOSX/") && !name.startsWith(".")) {
        total += entry.uncompressedSize;
        if (total > ZIP_LIMITS.totalBytes) {
          reject(new PhotoZipError(`The photos' ZIP would inflate to more than ${ZIP_LIMITS.totalBytes / 1024 ** 3} GB`));
          return;
        }
        const list = entries.get(key(name)) ?? [];
        list.push(entry);
        entries.set(key(name), list);
      }
      zip.readEntry();
    });
    zip.on("end", () => resolve());
    zip.on("error", (error: Error) => reject(new PhotoZipError(`The photos' ZIP cannot be read: ${error.message}`)));
    zip.readEntry();
  }).catch((error: unknown) => {
    zip.close();
    throw error;
  });

  const entryOf = (name: string) => entries.get(key(name))?.[0];
  return {
    has: (name) => entries.has(key(name)),
    ambiguous: (name) => (entries.get(key(name))?.length ?? 0) > 1,
    size: (name) => entryOf(name)?.uncompressedSize ?? 0,
    read(name) {
      const entry = entryOf(name);
      if (!entry) return Promise.reject(new PhotoZipError(`'${name}' is not in the photos' ZIP`));
      if (entry.uncompressedSize > PHOTO_RULES.maxBytes) return Promise.reject(new PhotoZipError("Each photo must be 15 MB or smaller"));
      return new Promise<Buffer>((resolve, reject) => {
        zip.openReadStream(entry, (error, stream) => {
          if (error || !stream) return reject(new PhotoZipError(`'${name}' cannot be read from the ZIP: ${error?.message ?? "no data"}`));
          const chunks: Buffer[] = [];
          let size = 0;
          stream.on("data", (chunk: Buffer) => {
            size += chunk.length;
            // Never more than declared (yauzl checks too, at the end).
            if (size > entry.uncompressedSize) stream.destroy(new Error("more bytes than declared"));
            else chunks.push(chunk);
          });
          stream.on("error", (e: Error) => reject(new PhotoZipError(`'${name}' cannot be read from the ZIP: ${e.message}`)));
          stream.on("end", () => resolve(Buffer.concat(chunks)));
        });
      });
    },
    close: () => zip.close(),
  };
}
