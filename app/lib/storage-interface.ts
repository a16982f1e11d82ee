// The interface every file store implements (storage.server.ts: the local folder; s3-storage.server.ts:
// an S3-compatible object store), apart from both so neither imports the other for it.

export interface Storage {
  /** Writes (or replaces) the file at `key`. */
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /** The file's bytes, or undefined when there is none. */
  read(key: string): Promise<Uint8Array | undefined>;
  exists(key: string): Promise<boolean>;
  /** Removes the file; a missing file is not an error. */
  delete(key: string): Promise<void>;
  /** The address the site serves the file at. */
  publicUrl(key: string): string;
  /** The folder the files sit in when they are on this machine's disk (served by the web server). */
  readonly localRoot?: string;
}
