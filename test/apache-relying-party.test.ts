import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accountActivity } from "../server/auth/kernel/audit-trail.ts";
import { signAccountOutEverywhere } from "../server/auth/kernel/sign-out.ts";
import { setDisabled } from "../server/auth/support/support-actions.ts";
import { runOidcCommand } from "../server/provider/cli-commands.ts";
import { clientChecks } from "../server/provider/clients.ts";
import { APACHE_REQUIRED, ApacheRelyingParty, apacheInstalled, SIGNED_IN_AS } from "./support/apache-relying-party.ts";
import { BrowserAgent } from "./support/browser-agent.ts";
import { describeEachDatabase } from "./support/databases.ts";
import { unlimitedRateLimits } from "./support/limits.ts";
import { eventually } from "./support/logout-receiver.ts";
import { accountCall, type OidcTestBed, passwordSignIn, startOidcTestBed } from "./support/oidc-flow.ts";

const CLIENT_ID = "apache-rp";
const CLI = { operator: "cli:test" };

/**
 * Back-channel logout (decision 66) against a relying party we did not write: Apache's
 * mod_auth_openidc, registered as docs/integrating.md tells an integrator (a web client whose back-channel
 * logout address is its redirect URI with `?logout=backchannel`), with its sessions in its own
 * server-side cache. A customer signs in to it through the real authorization flow; each way the
 * account server ends that sign-in makes Apache's protected page send the browser back to us.
 */
describeEachDatabase("Apache's mod_auth_openidc as a relying party, on %s", (kind) => {
  // Missing, it is a failure that says what to install, never a quiet skip: npm test installs it.
  if (!apacheInstalled()) {
    it("has Apache with mod_auth_openidc to run on", () => {
      throw new Error(APACHE_REQUIRED);
    });
    return;
  }
  // Registered as docs/integrating.md says, and with --backchannel-logout-session-required: then the ID
  // token and the logout token carry the session's sid, and the module finds its session by that.
  for (const withSid of [false, true])
    describe(withSid ? "asking for sid" : "registered as docs/integrating.md says", () => {
      let bed: OidcTestBed;
      let apache: ApacheRelyingParty;

      beforeAll(async () => {
        apache = await ApacheRelyingParty.prepare();
        bed = await startOidcTestBed(kind, unlimitedRateLimits());
        // As an operator registers it: npm run account -- client add … --backchannel-logout-uri ….
        const registered = await runOidcCommand(
          bed.server.db,
          "client",
          "add",
          {
            id: CLIENT_ID,
            type: "web",
            "redirect-uri": [apache.redirectUri],
            "backchannel-logout-uri": apache.backchannelLogoutUri,
            "backchannel-logout-session-required": withSid,
          },
          clientChecks(bed.server.config),
        );
        const secret = registered.match(/client secret \(shown only now, stored hashed\): (\S+)/)?.[1];
        if (!secret) throw new Error(`no client secret in: ${registered}`);
        await apache.start({ issuer: bed.issuer, clientId: CLIENT_ID, clientSecret: secret });
      });
      afterAll(async () => {
        await apache?.stop();
        await bed?.server.stop();
      });

      /** The protected page, as `browser` asks for it: who Apache says is signed in, or where it sends the browser. */
      async function protectedPage(browser: BrowserAgent): Promise<{ signedInAs?: string; redirect?: string }> {
        const response = await browser.request(apache.protectedUrl);
        await response.arrayBuffer();
        if (response.status === 200) return { signedInAs: response.headers.get(SIGNED_IN_AS) ?? "" };
        return { redirect: response.headers.get("location") ?? `(${response.status})` };
      }

      /** A browser signed in to Apache through the account server (its password screen when asked). */
      async function apacheSignIn(browser = new BrowserAgent()): Promise<BrowserAgent> {
        let stop = await browser.follow(apache.protectedUrl, "about:");
        if (stop.url.startsWith(bed.issuer)) {
          const returnUrl = new URL(stop.url).searchParams.get("ReturnUrl");
          if (!returnUrl) throw new Error(`the sign-in to Apache stopped at ${stop.url}`);
          stop = await browser.follow(await passwordSignIn(bed, browser, returnUrl), "about:");
        }
        if (stop.response?.status !== 200 || !stop.url.startsWith(apache.protectedUrl))
          throw new Error(`the sign-in to Apache ended at ${stop.url} (${stop.response?.status}):\n${apache.errorLog().slice(-4_000)}`);
        expect(await protectedPage(browser)).toEqual({ signedInAs: bed.email });
        return browser;
      }

      const toldApache = async () =>
        (await accountActivity(bed.server.db, bed.accountId)).filter(
          (entry) => entry.event === "app_told_signed_out" && entry.clientId === CLIENT_ID,
        ).length;

      /**
       * After `action`, Apache takes the logout token (it answered 200: the trail says it was told)
       * and, within a few seconds, its page sends `browser` to the account server again.
       */
      async function expectSignedOutOfApache(browser: BrowserAgent, action: () => Promise<unknown>): Promise<void> {
        const told = await toldApache();
        await action();
        const gone = await eventually(
          async () => (await protectedPage(browser)).redirect?.startsWith(`${bed.issuer}/connect/auth`) === true,
        );
        if (!gone) throw new Error(`Apache kept its session:\n${apache.errorLog().slice(-4_000)}`);
        expect(await eventually(async () => (await toldApache()) > told)).toBe(true);
      }

      it("loses its session when the customer is signed out everywhere", async () => {
        const browser = await apacheSignIn();
        await expectSignedOutOfApache(browser, () => signAccountOutEverywhere(bed.server.db, bed.email, CLI));
      });

      it("loses its session when support disables the account", async () => {
        const browser = await apacheSignIn();
        try {
          await expectSignedOutOfApache(browser, () => setDisabled(bed.server.db, bed.accountId, true, CLI));
        } finally {
          await setDisabled(bed.server.db, bed.accountId, false, CLI);
        }
      });

      it("loses its session when the customer signs it out on the account page", async () => {
        const browser = await apacheSignIn();
        await expectSignedOutOfApache(browser, async () => {
          const signedOut = await accountCall(bed, browser, "/api/me/sign-out-app", { clientId: CLIENT_ID });
          expect(signedOut.status).toBe(200);
        });
        // Only the app was signed out: the browser is still signed in to the account server, and
        // a new sign-in to Apache works, so it was the logout token that ended Apache's session.
        expect((await accountCall(bed, browser, "/api/me")).status).toBe(200);
        await apacheSignIn(browser);
      });
    });
});
