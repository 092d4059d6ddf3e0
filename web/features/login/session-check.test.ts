import { describe, expect, it } from "vitest";
import type { ClientConfig } from "../../../common/client-config.ts";
import { decideAfterSessionCheck } from "./session-check.ts";

const links = { dsoneUi: "https://app.dsone.example/", maverickLogout: "https://safe.example/logout" } as ClientConfig["links"];

describe("the login screen after the session check", () => {
  it("goes to auto-login with the UUID when the session has a license state", () => {
    const outcome = decideAfterSessionCheck({ signedIn: true, SvcLicenseState: "Active", UUID: "u-1" }, "http://x/dsone/login", "", links);
    expect(outcome).toEqual({ kind: "auto-login", to: "/dsone/auto-login?uuid=u-1" });
  });
  it("sends a visitor without session and without returnurl to the DS One UI address", () => {
    expect(decideAfterSessionCheck({ signedIn: false, SvcLicenseState: "", UUID: "" }, "http://x/dsone/login", "", links)).toEqual({
      kind: "leave",
      to: links.dsoneUi,
    });
  });
  it("sends them to the Maverick Safe logout address when the URL contains mavericksafe", () => {
    const outcome = decideAfterSessionCheck(
      { signedIn: false, SvcLicenseState: "", UUID: "" },
      "http://x/dsone/login?from=mavericksafe",
      "?from=mavericksafe",
      links,
    );
    expect(outcome).toEqual({ kind: "leave", to: links.maverickLogout });
  });
  it("shows the form when a returnurl is present, in any case", () => {
    for (const search of ["?ReturnUrl=%2Fa", "?returnurl=%2Fa"]) {
      expect(
        decideAfterSessionCheck({ signedIn: false, SvcLicenseState: "", UUID: "" }, `http://x/dsone/login${search}`, search, links),
      ).toEqual({ kind: "form" });
    }
  });
  it("shows the form to a signed-in customer without a license, and when the check failed", () => {
    expect(decideAfterSessionCheck({ signedIn: true, SvcLicenseState: "", UUID: "" }, "http://x/", "", links)).toEqual({ kind: "form" });
    expect(decideAfterSessionCheck(undefined, "http://x/", "", links)).toEqual({ kind: "form" });
  });
});
