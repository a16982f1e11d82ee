import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { parseEnv, s3Settings } from "./env.server";

describe("environment", () => {
  it("has working defaults", () => {
    const env = parseEnv({});
    expect(env.PORT).toBe(3000);
    expect(env.DATA_DIR).toBe("./data");
    expect(env.CAPTCHA).toBe("on");
    expect(env.DATABASE_URL).toBeUndefined();
  });
  it.each([
    [{ PORT: "eighty" }, "PORT"],
    [{ PORT: "70000" }, "PORT"],
    [{ DATABASE_URL: "mysql://x" }, "DATABASE_URL"],
    [{ PUBLIC_URL: "ftp://example.com" }, "PUBLIC_URL"],
    [{ SMTP_URL: "http://mail" }, "SMTP_URL"],
    [{ AUTH_SECRET: "short" }, "AUTH_SECRET"],
    [{ CAPTCHA: "maybe" }, "CAPTCHA"],
    [{ REDIS_URL: "localhost:6379" }, "REDIS_URL"],
    [{ CONTACT_EMAIL: "not-an-email" }, "CONTACT_EMAIL"],
    [{ DATABASE_URL: "postgres://db/voitura", DATABASE_REPLICA_URL: "mysql://replica" }, "DATABASE_REPLICA_URL"],
  ])("stops on %j with one line naming %s", (source, name) => {
    expect(() => parseEnv(source)).toThrow(new RegExp(`^Invalid environment variable ${name}: `));
  });
  it("refuses the AUTH_SECRET the project ships in its example configuration", () => {
    const example = /^AUTH_SECRET=(.*)$/m.exec(fs.readFileSync("deploy/voitura.env.example", "utf8"))?.[1];
    expect(example).toBeTruthy();
    expect(() => parseEnv({ AUTH_SECRET: example })).toThrow(/^Invalid environment variable AUTH_SECRET: is the example value/);
    expect(() => parseEnv({ AUTH_SECRET: ` ${example} ` })).toThrow(/^Invalid environment variable AUTH_SECRET: /);
    expect(parseEnv({ AUTH_SECRET: "a-secret-of-our-own-0123456789-abcdefgh" }).AUTH_SECRET).toBe("a-secret-of-our-own-0123456789-abcdefgh");
  });
  it("takes a read replica only beside a PostgreSQL primary", () => {
    expect(() => parseEnv({ DATABASE_REPLICA_URL: "postgres://replica/voitura" })).toThrow(
      /^Invalid environment variable DATABASE_REPLICA_URL: needs DATABASE_URL/,
    );
    const both = parseEnv({ DATABASE_URL: "postgres://db/voitura", DATABASE_REPLICA_URL: "postgres://replica/voitura" });
    expect(both.DATABASE_REPLICA_URL).toBe("postgres://replica/voitura");
  });
  const s3 = { S3_ENDPOINT: "http://127.0.0.1:9000", S3_BUCKET: "voitura-photos", S3_ACCESS_KEY_ID: "key", S3_SECRET_ACCESS_KEY: "secret" };
  it("reads the S3 store's settings only when the four that name it are set", () => {
    expect(s3Settings(parseEnv({}))).toBeUndefined();
    expect(s3Settings(parseEnv(s3))).toEqual({
      endpoint: "http://127.0.0.1:9000",
      bucket: "voitura-photos",
      accessKeyId: "key",
      secretAccessKey: "secret",
      region: "us-east-1",
      publicUrl: undefined,
    });
    const withPublic = s3Settings(parseEnv({ ...s3, S3_REGION: "auto", S3_PUBLIC_URL: "https://photos.example.com/" }));
    expect(withPublic).toMatchObject({ region: "auto", publicUrl: "https://photos.example.com" });
  });
  it.each([
    [{ ...s3, S3_BUCKET: undefined }, "S3_BUCKET", "missing: S3_BUCKET"],
    [{ S3_ENDPOINT: "https://s3.example.com" }, "S3_BUCKET", "missing: S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY"],
    [{ S3_PUBLIC_URL: "https://photos.example.com" }, "S3_ENDPOINT", "missing: S3_ENDPOINT, S3_BUCKET"],
    [{ ...s3, S3_ENDPOINT: "s3.example.com" }, "S3_ENDPOINT", "must start with"],
    [{ ...s3, S3_BUCKET: "My_Bucket" }, "S3_BUCKET", "lower-case"],
    [{ ...s3, S3_PUBLIC_URL: "photos.example.com" }, "S3_PUBLIC_URL", "must start with"],
  ])("stops a partial or bad S3 setting %j with one line naming %s", (source, name, words) => {
    expect(() => parseEnv(source)).toThrow(new RegExp(`^Invalid environment variable ${name}: .*${words}`));
  });
  it("accepts CAPTCHA=off in any case", () => {
    expect(parseEnv({ CAPTCHA: "OFF" }).CAPTCHA).toBe("off");
  });
});
