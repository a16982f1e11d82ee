export interface LocalS3Server {
  /** `http://127.0.0.1:PORT` */
  endpoint: string;
  bucket: string;
  /** The S3_* settings that point the site's storage at this server. */
  env: Record<"S3_ENDPOINT" | "S3_BUCKET" | "S3_ACCESS_KEY_ID" | "S3_SECRET_ACCESS_KEY", string>;
  close(): Promise<void>;
}

export function startS3Server(options: { directory: string; bucket?: string; port?: number }): Promise<LocalS3Server>;
