import { describe, expect, it } from "vitest";
import type { MyAccount } from "../../../common/api/contract.ts";
import { activityLines, activitySentence, networkOf, passkeyAddedSentence } from "./activity-sentences.ts";

type Entry = MyAccount["activity"][number];

let ids = 0;
function entry(event: string, fields: Partial<Entry> = {}): Entry {
  ids += 1;
  return {
    id: String(ids),
    at: 1_800_000_000_000,
    event,
    method: null,
    brand: null,
    clientId: null,
    app: null,
    address: "203.0.113.7",
    device: "Chrome on Windows",
    byOperator: false,
    ...fields,
  };
}

describe("the account page's activity sentences", () => {
  it("say how, from which browser and near which network", () => {
    expect(activitySentence(entry("signed_in", { method: "link" }))).toBe(
      "Signed in with an emailed link from Chrome on Windows, near 203.0.113.0.",
    );
    expect(activitySentence(entry("sign_in_refused", { method: "password" }))).toBe(
      "A sign-in with a wrong password was refused from Chrome on Windows, near 203.0.113.0.",
    );
    expect(activitySentence(entry("app_signed_out", { clientId: "desktop-agent", address: null, device: null }))).toBe(
      "The app desktop-agent was signed out.",
    );
    const desktop = { clientId: "desktop-agent", app: { brand: "dsone", kind: "desktop" as const } };
    expect(activitySentence(entry("app_signed_out", { ...desktop, address: null, device: null }))).toBe(
      "The DS One desktop app was signed out.",
    );
    expect(activitySentence(entry("signed_in", { ...desktop, method: "password" }))).toBe(
      "Signed in to the DS One desktop app with your password from Chrome on Windows, near 203.0.113.0.",
    );
    expect(
      activitySentence(entry("signed_in", { clientId: "maverick-web", app: { brand: "maverick", kind: "web" }, method: "link" })),
    ).toBe("Signed in to Maverick Safe on the web with an emailed link from Chrome on Windows, near 203.0.113.0.");
  });

  it("say that the address an undo replaced disputed it", () => {
    expect(activitySentence(entry("email_change_undo_disputed"))).toBe(
      "The address your email was changed back from said the change was not theirs from Chrome on Windows, near 203.0.113.0.",
    );
  });

  it("say that support acted, not who nor from where", () => {
    expect(activitySentence(entry("signed_out_everywhere", { byOperator: true }))).toBe(
      "Every browser and app was signed out by our support team.",
    );
    expect(activitySentence(entry("support_viewed", { byOperator: true }))).toBe("Your account was looked at by our support team.");
    expect(activitySentence(entry("rate_limits_cleared", { byOperator: true }))).toBe(
      "The limits on sign-in attempts were cleared by our support team.",
    );
  });

  it("say that mail to the address goes again, cleared by support or by the customer", () => {
    expect(activitySentence(entry("mail_cleared", { byOperator: true }))).toBe(
      "Emails to your address were turned back on by our support team.",
    );
    expect(activitySentence(entry("mail_cleared"))).toBe(
      "Emails to your address were turned back on from Chrome on Windows, near 203.0.113.0.",
    );
  });

  it("say what Google told us of the Google account, with Google as the source and no browser", () => {
    const fromGoogle = (event: string) => activitySentence(entry(event, { device: null, address: null }));
    expect(fromGoogle("google_sessions_revoked")).toBe(
      "Google ended your Google account's sessions, so every browser and app was signed out.",
    );
    expect(fromGoogle("google_account_hijacked")).toBe(
      "Google said your Google account may have been taken over: every browser and app was signed out and signing in with Google was paused.",
    );
    expect(fromGoogle("google_credential_change_required")).toBe("Google asked you to change your Google account's password.");
    expect(activitySentence(entry("google_hold_cleared", { byOperator: true }))).toBe(
      "Signing in with Google was turned back on by our support team.",
    );
  });

  it("read an event they do not know yet as its name", () => {
    expect(activitySentence(entry("passkey_added", { device: null, address: null }))).toBe("Passkey added.");
  });

  it("show an IPv4 address's /24 and an IPv6 /64 as kept", () => {
    expect(networkOf("198.51.100.23")).toBe("198.51.100.0");
    expect(networkOf("2001:db8:1:2::/64")).toBe("2001:db8:1:2::/64");
  });

  it("fold a browser's first sign-in and its new-browser entry into one line", () => {
    const signedIn = entry("signed_in", { method: "password" });
    const newBrowser = entry("new_browser", { at: signedIn.at + 3 });
    const elsewhere = entry("signed_in", { method: "link", device: "Firefox on Linux" });
    const lines = activityLines([newBrowser, signedIn, elsewhere]);
    expect(lines.map((line) => activitySentence(line.entry, line.newBrowser))).toEqual([
      "Signed in with your password from Chrome on Windows, near 203.0.113.0, a browser new to this account.",
      "Signed in with an emailed link from Firefox on Linux, near 203.0.113.0.",
    ]);
    // An hour apart, they are two events.
    expect(activityLines([entry("new_browser", { at: signedIn.at + 3_600_000 }), signedIn])).toHaveLength(2);
  });
});

describe("the passkey-removal link's sentence", () => {
  it("names the browser the passkey was added from, and an unnamed one in the sentence's own words", () => {
    expect(passkeyAddedSentence({ name: "Pixel", addedFrom: "Chrome on Android" }, "1 May")).toBe(
      "The passkey Pixel was added from Chrome on Android on 1 May.",
    );
    expect(passkeyAddedSentence({ name: "Pixel", addedFrom: null }, "1 May")).toBe(
      "The passkey Pixel was added from an unknown browser on 1 May.",
    );
  });
});
