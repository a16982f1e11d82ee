// A local S3-compatible server (s3rver) for tests: listens on a free port of the loopback, keeps its
// objects in `directory`, and has `bucket` made before it answers. `env` holds the S3_* settings
// that point the site's storage at it.
import S3rver from "s3rver";

// s3rver's fixed credentials: it checks the requests' signatures against them.
const CREDENTIALS = { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" };

/**
 * @param {{ directory: string; bucket?: string; port?: number }} options
 * @returns {Promise<{ endpoint: string; bucket: string; env: Record<string, string>; close: () => Promise<void> }>}
 */
export async function startS3Server({ directory, bucket = "voitura-test", port = 0 }) {
  const server = new S3rver({ address: "127.0.0.1", port, directory, silent: true, configureBuckets: [{ name: bucket }] });
  const { port: actualPort } = await server.run();
  const endpoint = `http://127.0.0.1:${actualPort}`;
  return {
    endpoint,
    bucket,
    env: { S3_ENDPOINT: endpoint, S3_BUCKET: bucket, S3_ACCESS_KEY_ID: CREDENTIALS.accessKeyId, S3_SECRET_ACCESS_KEY: CREDENTIALS.secretAccessKey },
    close: () => server.close(),
  };
}
