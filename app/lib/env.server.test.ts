import { describe, expect, it } from "vitest";
import { parseEnv } from "./env.server";

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
  ])("stops on %j with one line naming %s", (source, name) => {
    expect(() => parseEnv(source)).toThrow(new RegExp(`^Invalid environment variable ${name}: `));
  });
  it("accepts CAPTCHA=off in any case", () => {
    expect(parseEnv({ CAPTCHA: "OFF" }).CAPTCHA).toBe("off");
  });
});
