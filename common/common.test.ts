import { describe, expect, it } from "vitest";
import { parseDuration } from "./duration.ts";
import { isValidEmail, normalizeEmail } from "./email.ts";
import { plural, sayDuration } from "./i18n/catalogue.ts";
import { getParamIgnoringCase, withoutHopParameters } from "./query.ts";
import { redactUrl } from "./redact.ts";
import { safeRedirect } from "./redirects.ts";

describe("durations", () => {
  it("parses configuration durations and refuses others", () => {
    expect(parseDuration("30m")).toBe(1_800_000);
    expect(parseDuration("1d")).toBe(86_400_000);
    expect(parseDuration("0h")).toBeUndefined();
    expect(parseDuration("1 week")).toBeUndefined();
  });
  it("says durations as people do, by the largest unit that divides them", () => {
    const units = {
      days: (n: number) => plural("en", n, { one: "# day", other: "# days" }),
      hours: (n: number) => plural("en", n, { one: "# hour", other: "# hours" }),
      minutes: (n: number) => plural("en", n, { one: "# minute", other: "# minutes" }),
      seconds: (n: number) => plural("en", n, { one: "# second", other: "# seconds" }),
    };
    expect(sayDuration(units, 3_600_000)).toBe("1 hour");
    expect(sayDuration(units, 2 * 86_400_000)).toBe("2 days");
    expect(sayDuration(units, 90 * 60_000)).toBe("90 minutes");
    expect(sayDuration(units, 1500)).toBe("2 seconds");
  });
  it("chooses each plural form by the language's own rules", () => {
    const forms = { zero: "zero", one: "one", two: "two", few: "few", many: "many", other: "other" };
    expect([0, 1, 2, 3, 11, 100].map((n) => plural("ar", n, forms))).toEqual(["zero", "one", "two", "few", "many", "other"]);
    expect([1, 2].map((n) => plural("de", n, { one: "# Tag", other: "# Tage" }))).toEqual(["1 Tag", "2 Tage"]);
    expect(plural("ja", 1, { other: "#日" })).toBe("1日");
    // A form a catalogue does not write falls back to "other".
    expect(plural("ar", 2, { other: "# أيام" })).toBe(`${(2).toLocaleString("ar")} أيام`);
  });
});

describe("email addresses", () => {
  it("accepts ordinary addresses and refuses broken ones", () => {
    for (const good of ["a@b.co", "first.last+tag@sub.example.com", "O'Brien@example.ie"]) expect(isValidEmail(good), good).toBe(true);
    for (const bad of ["", "plain", "a@b", "a@@b.com", "a b@c.com", "a@-b.com", `${"x".repeat(250)}@b.com`])
      expect(isValidEmail(bad), bad).toBe(false);
  });
  it("keys accounts regardless of case", () => {
    expect(normalizeEmail("  Pat@Example.COM ")).toBe("pat@example.com");
  });
});

describe("query strings", () => {
  it("drops every OAuth-style parameter between screens and keeps the rest", () => {
    const search =
      "?ReturnUrl=%2Fx&acr_values=a&code_challenge=b&code_challenge_method=S256&redirect_uri=c&refToken=d&response_mode=e&response_type=f&scope=g&state=h&uuid=u1&channel=beta";
    expect(withoutHopParameters(search)).toBe("?uuid=u1&channel=beta");
    expect(withoutHopParameters("?state=1")).toBe("");
    expect(withoutHopParameters("?returnurl=%2Fa&RETURNURL=%2Fb&uuid=u")).toBe("?uuid=u");
  });
  it("finds returnurl in any case", () => {
    expect(getParamIgnoringCase("?ReturnUrl=%2Fa", "returnurl")).toBe("/a");
    expect(getParamIgnoringCase("?returnurl=%2Fb", "returnurl")).toBe("/b");
    expect(getParamIgnoringCase("?uuid=1", "returnurl")).toBeNull();
  });
  it("redacts secrets from URLs before they are logged or sent to analytics", () => {
    expect(redactUrl("/dsone/access-link?token=abc&uuid=1")).toBe("/dsone/access-link?token=redacted&uuid=1");
    expect(redactUrl("/dsone/reset-password?code=1&email=a%40b.c")).toBe("/dsone/reset-password?code=redacted&email=redacted");
    expect(redactUrl("/dsone/login")).toBe("/dsone/login");
  });
});

describe("redirect allowlist", () => {
  const allowed = ["http://localhost:3000", "https://app.dsone.example"];
  const check = (target: unknown) => safeRedirect(target, "http://localhost:3000", allowed);
  it("allows our own paths and allowed origins", () => {
    expect(check("/demo/dsone/ui?x=1")).toBe("http://localhost:3000/demo/dsone/ui?x=1");
    expect(check("https://app.dsone.example/account")).toBe("https://app.dsone.example/account");
  });
  it("refuses everything else", () => {
    for (const target of [
      "https://evil.example",
      "//evil.example/x",
      "/\\evil.example",
      "javascript:alert(1)",
      "https://app.dsone.example@evil.example/",
      "https://user:pw@app.dsone.example/",
      "relative/path",
      "",
      42,
      undefined,
      "/a\nb",
    ]) {
      expect(check(target), String(target)).toBeUndefined();
    }
  });
});

describe("new password rules", () => {
  it("give the specification's messages", async () => {
    const { newPasswordErrors } = await import("./password-rules.ts");
    expect(newPasswordErrors("", "")).toEqual({
      password: "Password is a required field",
      confirmPassword: "Confirm Password is a required field",
    });
    expect(newPasswordErrors("short", "short")).toEqual({ password: "New Password must be at least 8 characters long" });
    expect(newPasswordErrors("long-enough", "long-enougH")).toEqual({ confirmPassword: "Confirm Password must match Password" });
    expect(newPasswordErrors("long-enough", "long-enough")).toEqual({});
  });
});
