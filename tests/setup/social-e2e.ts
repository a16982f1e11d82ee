import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import path from "node:path";
import { decodeJwt } from "jose";
import { OAuth2Server } from "oauth2-mock-server";
import { PROJECT_ROOT } from "./e2e-paths";

// The social sign-in journeys' own world: a local OAuth 2.0 / OpenID provider (oauth2-mock-server)
// playing Google and Facebook, a stand-in for Facebook's Graph API, and a second production
// server configured with test client ids whose calls to the providers are rerouted to them
// (tests/setup/oauth-provider-routes.mjs). The browser side is rerouted with page.route.

export const GOOGLE_CLIENT_ID = "e2e-google-client";
export const FACEBOOK_CLIENT_ID = "e2e-facebook-app";
/** Wiped at each start; kept afterwards so a failed run's mails and log can be read. */
export const SOCIAL_DATA_DIR = path.join(PROJECT_ROOT, ".e2e-data-social");
export const SOCIAL_OUTBOX_DIR = path.join(SOCIAL_DATA_DIR, "outbox");

/** Who the provider says signed in. */
export interface ProviderIdentity {
  sub: string;
  email: string;
  name: string;
  /** Google's email_verified claim; Facebook's profile has none. */
  emailVerified?: boolean;
}

export interface OAuthTestProvider {
  issuerUrl: string;
  graphUrl: string;
  /** The identity the next authorization answers with. */
  signInAs(identity: ProviderIdentity): void;
  /** Authorization requests the provider received, newest last. */
  authorizations: URL[];
  stop(): Promise<void>;
}

function isFacebookRequest(body: Record<string, string> | undefined): boolean {
  return (body?.redirect_uri ?? "").endsWith("/callback/facebook");
}

export async function startOAuthTestProvider(): Promise<OAuthTestProvider> {
  const server = new OAuth2Server();
  await server.issuer.keys.generate("RS256");
  await server.start(0, "127.0.0.1");
  const identities = new Map<string, ProviderIdentity>(); // authorization code → identity
  const bySubject = new Map<string, ProviderIdentity>();
  const authorizations: URL[] = [];
  let current: ProviderIdentity | undefined;

  server.service.on("beforeAuthorizeRedirect", (redirect: { url: URL }, req: http.IncomingMessage) => {
    authorizations.push(new URL(req.url ?? "/", server.issuer.url));
    const code = redirect.url.searchParams.get("code");
    if (code && current) identities.set(code, current);
  });
  // Both the access token and the id token name the identity the code was issued for.
  server.service.on(
    "beforeTokenSigning",
    (token: { payload: Record<string, unknown> }, req: http.IncomingMessage & { body?: Record<string, string> }) => {
      const identity = identities.get(req.body?.code ?? "");
      if (!identity) return;
      Object.assign(token.payload, { sub: identity.sub, email: identity.email, name: identity.name });
      if (!isFacebookRequest(req.body)) {
        Object.assign(token.payload, { iss: "https://accounts.google.com", email_verified: identity.emailVerified ?? true });
      }
    },
  );
  // Facebook's token endpoint returns an opaque access token and no id token: the profile comes from /me.
  server.service.on(
    "beforeResponse",
    (response: { body: Record<string, unknown> }, req: http.IncomingMessage & { body?: Record<string, string> }) => {
      const identity = identities.get(req.body?.code ?? "");
      if (identity) bySubject.set(identity.sub, identity);
      if (isFacebookRequest(req.body)) delete response.body.id_token;
    },
  );

  // Facebook's Graph API, the two calls better-auth makes.
  const graph = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://graph.local");
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { "content-type": "application/json" });
      res.end(JSON.stringify(body));
    };
    const subjectOf = (token: string | null | undefined) => {
      try {
        return token ? String(decodeJwt(token).sub) : undefined;
      } catch {
        return undefined;
      }
    };
    if (url.pathname === "/debug_token") {
      const sub = subjectOf(url.searchParams.get("input_token"));
      if (!sub || url.searchParams.get("access_token")?.split("|")[0] !== FACEBOOK_CLIENT_ID) return send(400, { error: { message: "bad token" } });
      return send(200, { data: { is_valid: true, app_id: FACEBOOK_CLIENT_ID, user_id: sub } });
    }
    if (url.pathname === "/me") {
      const identity = bySubject.get(subjectOf(req.headers.authorization?.replace(/^Bearer /, "")) ?? "");
      if (!identity) return send(401, { error: { message: "bad token" } });
      return send(200, { id: identity.sub, name: identity.name, email: identity.email, picture: { data: { url: "" } } });
    }
    send(404, { error: { message: "not found" } });
  });
  await new Promise<void>((resolve) => graph.listen(0, "127.0.0.1", resolve));
  const graphPort = (graph.address() as net.AddressInfo).port;

  return {
    issuerUrl: server.issuer.url!,
    graphUrl: `http://127.0.0.1:${graphPort}`,
    authorizations,
    signInAs(identity) {
      current = identity;
    },
    async stop() {
      await new Promise<void>((resolve) => graph.close(() => resolve()));
      await server.stop();
    },
  };
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
    probe.on("error", reject);
  });
}

export interface SocialServer {
  baseUrl: string;
  stop(): Promise<void>;
}

/** The built production server (build/ from the main e2e server's start) with Google and Facebook configured. */
export async function startSocialServer(provider: OAuthTestProvider): Promise<SocialServer> {
  const port = await freePort();
  const baseUrl = `http://localhost:${port}`;
  fs.rmSync(SOCIAL_DATA_DIR, { recursive: true, force: true });
  fs.mkdirSync(SOCIAL_OUTBOX_DIR, { recursive: true });
  const log = fs.createWriteStream(path.join(SOCIAL_DATA_DIR, "server.log"));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    PORT: String(port),
    DATA_DIR: SOCIAL_DATA_DIR,
    PUBLIC_URL: baseUrl,
    CAPTCHA: "off",
    RATE_LIMIT_FORMS: "200",
    RATE_LIMIT_AUTH: "200",
    AUTH_SECRET: "e2e-social-secret-0123456789-abcdefghijklmnop",
    GOOGLE_CLIENT_ID,
    GOOGLE_CLIENT_SECRET: "e2e-google-secret",
    FACEBOOK_CLIENT_ID,
    FACEBOOK_CLIENT_SECRET: "e2e-facebook-secret",
    OAUTH_TEST_ISSUER: provider.issuerUrl,
    OAUTH_TEST_GRAPH: provider.graphUrl,
  };
  for (const name of ["DATABASE_URL", "SMTP_URL", "REDIS_URL", "API_KEY"]) delete env[name];
  const child: ChildProcess = spawn(process.execPath, ["--import", "./tests/setup/oauth-provider-routes.mjs", "server/main.js"], {
    cwd: PROJECT_ROOT,
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));

  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the social sign-in server exited (${child.exitCode}); see ${SOCIAL_DATA_DIR}/server.log`);
    const ok = await fetch(`${baseUrl}/healthz`).then((r) => r.ok, () => false);
    if (ok) break;
    if (Date.now() > deadline) {
      child.kill("SIGTERM");
      throw new Error(`the social sign-in server did not answer within 120 s; see ${SOCIAL_DATA_DIR}/server.log`);
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
  }

  return {
    baseUrl,
    async stop() {
      if (child.exitCode === null) child.kill("SIGTERM");
      await exited;
      log.end();
    },
  };
}
