import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  newSignInChecks,
  type OpenIdSignIn,
  openIdSignIn,
  type SignInChecks,
  SignInProblem,
} from "../../../server/auth/social/openid-sign-in.ts";
import { TestIssuer } from "../../support/test-issuer.ts";

const REDIRECT_URI = "http://localhost:3000/signin-google";

/** The problem a finished exchange was refused with, or "accepted". */
async function outcome(promise: Promise<unknown>): Promise<string> {
  return (await refusal(promise)).problem;
}

async function refusal(promise: Promise<unknown>): Promise<{ problem: string; detail: string }> {
  try {
    await promise;
    return { problem: "accepted", detail: "" };
  } catch (error) {
    if (error instanceof SignInProblem) return { problem: error.problem, detail: error.message };
    throw error;
  }
}

describe("the OpenID Connect exchange and its ID token checks", () => {
  let issuer: TestIssuer;
  let signIn: OpenIdSignIn;
  let checks: SignInChecks;
  const callback = (params: Record<string, string>) => new URL(`${REDIRECT_URI}?${new URLSearchParams(params)}`);

  beforeAll(async () => {
    issuer = await new TestIssuer().start();
    signIn = openIdSignIn({
      issuerUrl: issuer.url,
      clientId: issuer.clientId,
      clientSecret: issuer.clientSecret,
      redirectUri: REDIRECT_URI,
      timeoutMs: 1000,
      allowInsecureHttp: true,
    });
  });
  afterAll(() => issuer.close());
  beforeEach(async () => {
    checks = newSignInChecks();
    issuer.nonce = checks.nonce;
    issuer.idToken = (defaults) => defaults;
    issuer.tokenDelayMs = 0;
  });

  it("asks for a code with PKCE (S256), state and nonce, and sends the verifier with the code", async () => {
    const url = await signIn.authorizationUrl(checks);
    expect(url.origin + url.pathname).toBe(`${issuer.url}/authorize`);
    expect(url.searchParams.get("response_type")).toBe("code");
    expect(url.searchParams.get("client_id")).toBe(issuer.clientId);
    expect(url.searchParams.get("redirect_uri")).toBe(REDIRECT_URI);
    expect(url.searchParams.get("scope")).toBe("openid email profile");
    expect(url.searchParams.get("state")).toBe(checks.state);
    expect(url.searchParams.get("nonce")).toBe(checks.nonce);
    expect(url.searchParams.get("code_challenge_method")).toBe("S256");
    expect(url.searchParams.get("code_challenge")).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(url.searchParams.get("code_challenge")).not.toBe(checks.verifier);

    const identity = await signIn.finish(callback({ code: "the-code", state: checks.state }), checks);
    expect(identity).toEqual({ subject: "110169484474386276334", email: "pat@example.com" });
    const sent = issuer.tokenRequests.at(-1);
    expect(sent?.get("code")).toBe("the-code");
    expect(sent?.get("code_verifier")).toBe(checks.verifier);
    expect(sent?.get("redirect_uri")).toBe(REDIRECT_URI);
  });

  it.each([
    ["another audience", { aud: "someone-else.apps.example" }, "OAUTH_JWT_CLAIM_COMPARISON_FAILED"],
    ["another issuer", { iss: "https://accounts.evil.example" }, "OAUTH_JWT_CLAIM_COMPARISON_FAILED"],
    [
      "an expired token",
      { exp: Math.floor(Date.now() / 1000) - 3600, iat: Math.floor(Date.now() / 1000) - 7200 },
      "OAUTH_JWT_TIMESTAMP_CHECK_FAILED",
    ],
    ["another nonce", { nonce: "a-nonce-from-another-sign-in" }, "OAUTH_JWT_CLAIM_COMPARISON_FAILED"],
    ["no nonce", { nonce: undefined }, "OAUTH_INVALID_RESPONSE"],
  ])("refuses an ID token with %s", async (_case, override, code) => {
    issuer.idToken = (defaults) => ({ ...defaults, ...override });
    const refused = await refusal(signIn.finish(callback({ code: "c", state: checks.state }), checks));
    expect(refused.problem).toBe("failed");
    expect(refused.detail).toContain(code);
  });

  it("refuses an email Google has not verified, or does not say it has", async () => {
    issuer.idToken = (defaults) => ({ ...defaults, email_verified: false });
    expect(await outcome(signIn.finish(callback({ code: "c", state: checks.state }), checks))).toBe("unverified");
    issuer.idToken = (defaults) => ({ ...defaults, email_verified: undefined });
    expect(await outcome(signIn.finish(callback({ code: "c", state: checks.state }), checks))).toBe("unverified");
  });

  it("refuses a callback whose state is not this sign-in's", async () => {
    expect(await outcome(signIn.finish(callback({ code: "c", state: "another-state" }), checks))).toBe("failed");
  });

  it("tells a cancelled consent from another refusal", async () => {
    expect(await outcome(signIn.finish(callback({ error: "access_denied", state: checks.state }), checks))).toBe("cancelled");
    expect(await outcome(signIn.finish(callback({ error: "server_error", state: checks.state }), checks))).toBe("refused");
  });

  it("gives up on a token endpoint that does not answer in time", async () => {
    issuer.tokenDelayMs = 3000;
    const started = Date.now();
    expect(await outcome(signIn.finish(callback({ code: "c", state: checks.state }), checks))).toBe("unreachable");
    expect(Date.now() - started).toBeLessThan(2900);
  });

  it("says the issuer is unreachable when nothing listens there", async () => {
    const nowhere = openIdSignIn({
      issuerUrl: "http://127.0.0.1:9/",
      clientId: "x",
      clientSecret: "y",
      redirectUri: REDIRECT_URI,
      timeoutMs: 1000,
      allowInsecureHttp: true,
    });
    expect(await outcome(nowhere.authorizationUrl(checks))).toBe("unreachable");
  });
});
