import { describe, expect, it } from "vitest";
import type { ClientConfig } from "../../../common/client-config.ts";
import { decideAfterSessionCheck } from "./session-check.ts";

const links = { dsoneUi: "https://app.dsone.example/", maverickLogout: "https://safe.example/logout" } as ClientConfig["links"];
const ALLOWED = ["http://x", "https://app.dsone.example"];
const UUID = "5a4b3c2d-1e0f-4a9b-8c7d-6e5f4a3b2c1d";

describe("the login screen after the session check", () => {
  it("goes to auto-login with the UUID when the session has a license state", () => {
    const outcome = decideAfterSessionCheck(
      { signedIn: true, SvcLicenseState: "Active", UUID },
      "http://x/dsone/login",
      "",
      links,
      ALLOWED,
    );
    expect(outcome).toEqual({ kind: "auto-login", to: `/dsone/auto-login?uuid=${UUID}` });
  });
  it("keeps the installer channel on the way to auto-login, so its download is the customer's own", () => {
    const search = "?channel=edge-beta&ReturnUrl=%2Fa";
    const outcome = decideAfterSessionCheck(
      { signedIn: true, SvcLicenseState: "Active", UUID },
      `http://x/dsone/login${search}`,
      search,
      links,
      ALLOWED,
    );
    expect(outcome).toEqual({ kind: "auto-login", to: `/dsone/auto-login?uuid=${UUID}&channel=edge-beta` });
  });
  it("sends a licensed customer without a linked device on to the ReturnUrl, never to auto-login without a UUID", () => {
    const licensed = { signedIn: true, SvcLicenseState: "Active", UUID: "" };
    const search = "?ReturnUrl=%2Fconnect%2Fauthorize%2Fcallback%3Fuid%3Dabc";
    expect(decideAfterSessionCheck(licensed, `http://x/dsone/login${search}`, search, links, ALLOWED)).toEqual({
      kind: "leave",
      to: "http://x/connect/authorize/callback?uid=abc",
    });
    expect(decideAfterSessionCheck(licensed, "http://x/dsone/login", "", links, ALLOWED)).toEqual({ kind: "leave", to: links.dsoneUi });
    // An off-site ReturnUrl is not followed: the product's own address instead.
    const offSite = "?ReturnUrl=https%3A%2F%2Fevil.example%2F";
    expect(decideAfterSessionCheck(licensed, `http://x/dsone/login${offSite}`, offSite, links, ALLOWED)).toEqual({
      kind: "leave",
      to: links.dsoneUi,
    });
    expect(decideAfterSessionCheck({ ...licensed, UUID: "not-a-uuid" }, "http://x/dsone/login", "", links, ALLOWED).kind).toBe("leave");
  });
  it("sends a visitor without session and without returnurl to the DS One UI address", () => {
    expect(decideAfterSessionCheck({ signedIn: false, SvcLicenseState: "", UUID: "" }, "http://x/dsone/login", "", links, ALLOWED)).toEqual(
      {
        kind: "leave",
        to: links.dsoneUi,
      },
    );
  });
  it("sends them to the Maverick Safe logout address when the URL contains mavericksafe", () => {
    const outcome = decideAfterSessionCheck(
      { signedIn: false, SvcLicenseState: "", UUID: "" },
      "http://x/dsone/login?from=mavericksafe",
      "?from=mavericksafe",
      links,
      ALLOWED,
    );
    expect(outcome).toEqual({ kind: "leave", to: links.maverickLogout });
  });
  it("shows the form when a returnurl is present, in any case", () => {
    for (const search of ["?ReturnUrl=%2Fa", "?returnurl=%2Fa"]) {
      expect(
        decideAfterSessionCheck(
          { signedIn: false, SvcLicenseState: "", UUID: "" },
          `http://x/dsone/login${search}`,
          search,
          links,
          ALLOWED,
        ),
      ).toEqual({ kind: "form" });
    }
  });
  it("shows the form to a signed-in customer without a license, and when the check failed", () => {
    expect(decideAfterSessionCheck({ signedIn: true, SvcLicenseState: "", UUID: "" }, "http://x/", "", links, ALLOWED)).toEqual({
      kind: "form",
    });
    expect(decideAfterSessionCheck(undefined, "http://x/", "", links, ALLOWED)).toEqual({ kind: "form" });
  });
});
