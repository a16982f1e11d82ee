/**
 * The store could not take a file: the disk is full (ENOSPC, EDQUOT), read-only or failing, or
 * the object store refused or did not answer. Not the visitor's doing, and worth a later try.
 */
export class StorageUnavailableError extends Error {
  constructor(cause: unknown) {
    super(`The file store cannot take files now: ${(cause as Error)?.message ?? String(cause)}`, { cause });
    this.name = "StorageUnavailableError";
  }
}
