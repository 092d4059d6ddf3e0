import * as client from "openid-client";
import { afterAll, beforeAll, expect, it } from "vitest";
import { addClient, clientChecks } from "../../server/provider/clients.ts";
import { drainMail, tokenFromMail } from "../support/app.ts";
import { BrowserAgent } from "../support/browser-agent.ts";
import { describeEachDatabase } from "../support/databases.ts";
import { userinfoStatus } from "../support/dpop.ts";
import { unlimitedRateLimits } from "../support/limits.ts";
import { authorize, desktopAgentSignIn, discover, type OidcTestBed, passwordSignIn, startOidcTestBed } from "../support/oidc-flow.ts";
import { freePort } from "../support/spawn-server.ts";
import { recordCases } from "./scale.ts";

/**
 * Someone signed in to the customer's account from a browser of their own; the owner got the "New
 * sign-in" mail and pressed "This wasn't me". Its page promises to sign that browser out with the
 * apps it signed in to (docs/decisions/0067): every sign-in made in that browser since, a second
 * one the mail never told of included, and every app signed in through it, a desktop agent with
 * its own DPoP-bound refresh token included. The owner's own browsers and apps stay signed in.
 */
describeEachDatabase('"This wasn\'t me" ends all that browser started, on %s', (kind) => {
  let bed: OidcTestBed;
  let cases = 0;
  let introspect: (token: string) => Promise<client.IntrospectionResponse>;
  let owner: BrowserAgent;
  let ownersAgent: Awaited<ReturnType<typeof desktopAgentSignIn>>;
  let ownersWebSid: string;
  const webApp = { id: "told-web", redirect: "http://127.0.0.1:4997/callback" };

  beforeAll(async () => {
    bed = await startOidcTestBed(kind, unlimitedRateLimits());
    // A product API that checks the desktop agents' tokens (decision 69).
    const { secret } = await addClient(
      bed.server.db,
      { id: "agents-api", type: "api", brand: "dsone", redirectUris: [], postLogoutRedirectUris: [], introspects: ["desktop-agent"] },
      clientChecks(bed.server.config),
    );
    const api = await client.discovery(new URL(bed.issuer), "agents-api", undefined, client.ClientSecretBasic(secret as string), {
      execute: [client.allowInsecureRequests],
    });
    introspect = (token) => client.tokenIntrospection(api, token);
    // A web app that takes logout tokens; nothing listens at its address, the queue keeps them.
    await addClient(
      bed.server.db,
      {
        id: webApp.id,
        type: "spa",
        brand: "dsone",
        redirectUris: [webApp.redirect],
        postLogoutRedirectUris: [],
        backchannelLogoutUri: `http://127.0.0.1:${await freePort()}/logout`,
        backchannelLogoutSessionRequired: true,
      },
      clientChecks(bed.server.config),
    );
    // The owner's computer: the account's first browser, and the desktop agent signed in through it.
    owner = new BrowserAgent();
    ownersAgent = await desktopAgentSignIn(bed, owner);
    ownersWebSid = await webAppSignIn(owner);
  });
  afterAll(async () => {
    recordCases('"This wasn\'t me" ends all that browser started', cases);
    await bed?.server.stop();
  });

  /** Signs in to the web app in `browser`; answers the sid of its ID token. */
  async function webAppSignIn(browser: BrowserAgent): Promise<string> {
    const config = await discover(bed.issuer, webApp.id);
    const { callbackUrl, checks } = await authorize(bed, browser, config, webApp.redirect);
    const sid = (await client.authorizationCodeGrant(config, callbackUrl, checks)).claims()?.sid;
    if (typeof sid !== "string") throw new Error("the ID token has no sid");
    return sid;
  }

  /** The sids of the logout tokens queued for the web app since `since`. */
  async function webAppTold(since: number): Promise<(string | null)[]> {
    const rows = await bed.server.db
      .selectFrom("logout_deliveries")
      .select("sid")
      .where("client_id", "=", webApp.id)
      .where("created_at", ">=", since)
      .execute();
    return rows.map((row) => row.sid);
  }

  const newSignInMails = async () => {
    await drainMail(bed.server);
    return bed.server.delivered.filter((mail) => mail.to === bed.email && mail.subject === "New sign-in to your DS One account");
  };

  /** The mail's button, pressed from a browser signed in nowhere, as the owner's phone is. */
  async function pressNotMe(mail: Parameters<typeof tokenFromMail>[0]) {
    cases += 1;
    const pressed = await new BrowserAgent().request(`${bed.issuer}/api/not-me/confirm`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: bed.issuer },
      body: JSON.stringify({ token: tokenFromMail(mail) }),
    });
    expect(pressed.status).toBe(200);
  }

  const signedIn = async (cookie: string) => {
    cases += 1;
    return (await fetch(`${bed.issuer}/api/me`, { headers: { cookie } })).status === 200;
  };

  /** The agent's next refresh and its access token, as the agent and a product API see them. */
  async function agentStillIn(agent: Awaited<ReturnType<typeof desktopAgentSignIn>>): Promise<{ refreshes: boolean; active: boolean }> {
    cases += 2;
    const refreshes = await client
      .refreshTokenGrant(agent.config, agent.tokens.refresh_token as string, undefined, { DPoP: agent.dpop })
      .then(
        (tokens) => {
          agent.tokens = tokens;
          return true;
        },
        (error: unknown) => {
          expect(error).toMatchObject({ error: "invalid_grant" });
          return false;
        },
      );
    return { refreshes, active: (await introspect(agent.tokens.access_token)).active };
  }

  /** The owner's browser and desktop agent, still signed in. */
  async function expectOwnerUntouched() {
    expect(await signedIn(owner.cookieHeader(bed.issuer))).toBe(true);
    expect(await agentStillIn(ownersAgent)).toEqual({ refreshes: true, active: true });
    expect(await userinfoStatus(bed.issuer, ownersAgent.tokens.access_token, ownersAgent.key)).toBe(200);
  }

  it("ends the desktop agent the thief signed in through that browser: its refresh refused, its token inactive", async () => {
    const before = (await newSignInMails()).length;
    const thief = new BrowserAgent();
    const thiefsAgent = await desktopAgentSignIn(bed, thief);
    const thiefsWebSid = await webAppSignIn(thief);
    const mails = await newSignInMails();
    expect(mails).toHaveLength(before + 1);
    expect((await introspect(thiefsAgent.tokens.access_token)).active).toBe(true);

    const pressedAt = Date.now();
    await pressNotMe(mails.at(-1) as never);

    // The web app is told of the thief's sign-in, by its sid, and of nothing of the owner's.
    expect(await webAppTold(pressedAt)).toEqual([thiefsWebSid]);
    expect(thiefsWebSid).not.toBe(ownersWebSid);

    expect(await signedIn(thief.cookieHeader(bed.issuer))).toBe(false);
    expect(await agentStillIn(thiefsAgent)).toEqual({ refreshes: false, active: false });
    expect(await userinfoStatus(bed.issuer, thiefsAgent.tokens.access_token, thiefsAgent.key)).toBe(401);
    await expectOwnerUntouched();
  });

  it("ends every sign-in of that browser: a second one the mail did not tell of, and the agent it signed in", async () => {
    const before = (await newSignInMails()).length;
    const thief = new BrowserAgent();
    await passwordSignIn(bed, thief);
    const firstSession = thief.cookieHeader(bed.issuer);
    // The browser closes: its session cookie goes, its device cookie stays. The first session is
    // still good on the server (its cookie, copied, signs in) when the thief signs in again.
    thief.dropCookie(bed.issuer, /^(?:__Host-)?session$/);
    const thiefsAgent = await desktopAgentSignIn(bed, thief);
    const secondSession = thief.cookieHeader(bed.issuer);
    expect(secondSession).not.toBe(firstSession);
    expect(await signedIn(firstSession)).toBe(true);
    expect(await signedIn(secondSession)).toBe(true);
    // A browser the account knows by then: one mail, for the first sign-in.
    const mails = await newSignInMails();
    expect(mails).toHaveLength(before + 1);

    await pressNotMe(mails.at(-1) as never);

    expect(await signedIn(firstSession)).toBe(false);
    expect(await signedIn(secondSession)).toBe(false);
    expect(await agentStillIn(thiefsAgent)).toEqual({ refreshes: false, active: false });
    await expectOwnerUntouched();
  });

  it("ends a sign-in that browser approved on another device, with the agent signed in there", async () => {
    const before = (await newSignInMails()).length;
    const thief = new BrowserAgent();
    await passwordSignIn(bed, thief);
    const mails = await newSignInMails();
    expect(mails).toHaveLength(before + 1);
    // Another computer asks for an emailed link; the browser, reading the owner's mailbox, types
    // the two digits that computer shows, and the computer is signed in.
    const computer = new BrowserAgent();
    const json = async (response: Response) => (await response.json()) as Record<string, unknown>;
    const post = (browser: BrowserAgent, path: string, body: unknown) =>
      browser.request(`${bed.issuer}${path}`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: bed.issuer },
        body: JSON.stringify(body),
      });
    expect(await json(await post(computer, "/api/access-link", { Email: bed.email, ProductId: 6 }))).toMatchObject({ isOk: true });
    await drainMail(bed.server);
    const token = tokenFromMail(bed.server.delivered.findLast((mail) => mail.to === bed.email) as never);
    const { number } = await json(await post(computer, "/api/access-link/wait", { Wait: false }));
    expect(await json(await post(thief, "/api/access-link/approve", { token, Number: number }))).toMatchObject({ isOk: true });
    expect(await json(await post(computer, "/api/access-link/wait", { Wait: false }))).toMatchObject({ state: "signed_in" });
    const computersAgent = await desktopAgentSignIn(bed, computer);
    expect(await signedIn(computer.cookieHeader(bed.issuer))).toBe(true);

    await pressNotMe(mails[before] as never);

    expect(await signedIn(thief.cookieHeader(bed.issuer))).toBe(false);
    expect(await signedIn(computer.cookieHeader(bed.issuer))).toBe(false);
    expect(await agentStillIn(computersAgent)).toEqual({ refreshes: false, active: false });
    await expectOwnerUntouched();
  });
});
