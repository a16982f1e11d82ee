import type { S3Client } from "@aws-sdk/client-s3";
import type { S3Settings } from "./env.server";
import type { Storage } from "./storage-interface";
import { StorageUnavailableError } from "./storage-unavailable";
import { assertStorageKey, MEDIA_PATH } from "./storage-keys";

// The storage interface over any S3-compatible object store (AWS S3, MinIO, Cloudflare R2, …)
// through the official SDK. Path-style addresses (`endpoint/bucket/key`) work with every such
// store, where virtual-hosted buckets need DNS per bucket. A stored file never changes (a photo's
// key is its content's hash, a demo photo's its drawing), so the store and any CDN before it may
// keep it for a year.

export const IMMUTABLE_CACHE_CONTROL = "public, max-age=31536000, immutable";

type Sdk = typeof import("@aws-sdk/client-s3");
type S3Connection = Promise<{ sdk: Sdk; client: S3Client }>;

/**
 * A client of `settings`' store, the SDK loaded on first use (a server on local disk never loads
 * it). `attempts` and the timeouts are the caller's: uploads retry, a readiness probe does not.
 */
export function connectS3(settings: S3Settings, limits: { attempts: number; connectMs: number; requestMs: number }): () => S3Connection {
  let connection: S3Connection | undefined;
  return () =>
    (connection ??= import("@aws-sdk/client-s3").then((sdk) => ({
      sdk,
      client: new sdk.S3Client({
        endpoint: settings.endpoint,
        region: settings.region,
        forcePathStyle: true,
        credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
        // Checksums only where S3 requires them: several S3-compatible stores refuse the newer
        // checksum headers and trailers the SDK would otherwise add to every upload.
        requestChecksumCalculation: "WHEN_REQUIRED",
        responseChecksumValidation: "WHEN_REQUIRED",
        maxAttempts: limits.attempts,
        // A store that does not answer fails the request instead of holding it open.
        requestHandler: { connectionTimeout: limits.connectMs, requestTimeout: limits.requestMs },
      }),
    })));
}

/** The S3 store of `settings`. */
export function s3Storage(settings: S3Settings): Storage {
  const connect = connectS3(settings, { attempts: 3, connectMs: 5_000, requestMs: 30_000 });
  const Bucket = settings.bucket;
  const publicBase = settings.publicUrl ?? MEDIA_PATH;

  return {
    async put(key, bytes, contentType) {
      const Key = assertStorageKey(key);
      const { sdk, client } = await connect();
      const put = new sdk.PutObjectCommand({
        Bucket,
        Key,
        Body: bytes,
        ContentType: contentType,
        ContentLength: bytes.byteLength,
        CacheControl: IMMUTABLE_CACHE_CONTROL,
      });
      try {
        await client.send(put);
      } catch (err) {
        // Unreachable, refusing (5xx, or a full or misconfigured bucket): the store cannot take it.
        throw new StorageUnavailableError(err);
      }
    },
    async read(key) {
      const { sdk, client } = await connect();
      try {
        const object = await client.send(new sdk.GetObjectCommand({ Bucket, Key: assertStorageKey(key) }));
        return object.Body ? await object.Body.transformToByteArray() : new Uint8Array();
      } catch (err) {
        if (isMissing(err, sdk)) return undefined;
        throw err;
      }
    },
    async exists(key) {
      const { sdk, client } = await connect();
      try {
        await client.send(new sdk.HeadObjectCommand({ Bucket, Key: assertStorageKey(key) }));
        return true;
      } catch (err) {
        // A store that cannot be reached is an error, not a missing file.
        if (isMissing(err, sdk)) return false;
        throw err;
      }
    },
    async delete(key) {
      const { sdk, client } = await connect();
      await client.send(new sdk.DeleteObjectCommand({ Bucket, Key: assertStorageKey(key) }));
    },
    publicUrl: (key) => `${publicBase}/${assertStorageKey(key)}`,
  };
}

/** A 404 from the store: GetObject says NoSuchKey, HeadObject (no body) only NotFound. */
function isMissing(err: unknown, sdk: Sdk): boolean {
  if (err instanceof sdk.NoSuchKey || err instanceof sdk.NotFound) return true;
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === "NoSuchKey" || e?.name === "NotFound" || e?.$metadata?.httpStatusCode === 404;
}
