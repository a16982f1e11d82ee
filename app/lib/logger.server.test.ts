import { describe, expect, it } from "vitest";
import { loggableUrl } from "./logger.server";

describe("loggableUrl", () => {
  it("hides the secrets of activation, reset and OAuth callback links", () => {
    expect(loggableUrl("/compte/verification?token=eyJhbGciOi.abc.def")).toBe("/compte/verification?token=redacted");
    expect(loggableUrl("/mot-de-passe/nouveau?token=abc123")).toBe("/mot-de-passe/nouveau?token=redacted");
    expect(loggableUrl("/api/auth/callback/google?code=4%2F0Ab&state=xyz&scope=email")).toBe(
      "/api/auth/callback/google?code=redacted&state=redacted&scope=email",
    );
    expect(loggableUrl("/x?TOKEN=a&token=b")).not.toMatch(/=a|=b/);
    expect(loggableUrl("/api.php?endpoint=brands&API_KEY=s3cret")).toBe("/api.php?endpoint=brands&API_KEY=redacted");
    expect(loggableUrl("/api.php?api_key=s3cret&Api_Key=s3cret&API%5FKEY=s3cret")).not.toContain("s3cret");
  });

  it("leaves other addresses alone", () => {
    expect(loggableUrl("/guide-auto")).toBe("/guide-auto");
    expect(loggableUrl("/voitures-neuves/recherche?brand=toyota&page=2")).toBe("/voitures-neuves/recherche?brand=toyota&page=2");
  });
});
