import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { SupportCustomer } from "../../../common/api/contract.ts";
import { RateLimits, SignedInPlaces, Trail } from "./CustomerRecord.tsx";

const AT = Date.UTC(2026, 10, 25, 19, 30);

describe("the support console's record of where a customer signed in", () => {
  it("names a browser's and a trail entry's network as the customer's page does, never the address", () => {
    const customer = {
      account: { passwordSet: true },
      browsers: [{ ref: "b1", device: "Firefox on Linux", address: "198.51.100.9", signedInAt: AT, lastSeenAt: AT }],
      apps: [],
      passkeys: [],
      google: [],
      microsoft: [],
    } as unknown as SupportCustomer;
    const trail = [
      {
        id: 1,
        at: AT,
        event: "signed_in",
        method: "password",
        clientId: null,
        by: null,
        reason: null,
        device: "Firefox on Linux",
        address: "2001:db8:1:2:aaaa::1",
      },
    ] as unknown as SupportCustomer["trail"];
    const html = renderToStaticMarkup(
      createElement(
        "div",
        null,
        createElement(SignedInPlaces, { customer, busy: false, act: async () => {} }),
        createElement(Trail, { trail }),
      ),
    );
    expect(html).toContain("Firefox on Linux, near 198.51.100.0, signed in");
    expect(html).toContain("<td>2001:db8:1:2::/64</td>");
    expect(html).not.toContain("198.51.100.9");
    expect(html).not.toContain("aaaa");
  });
});

describe("the support console's rate limits", () => {
  const limit = (what: string, count: number, limit: number, reached: boolean, challenged: boolean) => ({
    what,
    count,
    limit,
    until: AT,
    reached,
    challenged,
  });

  it("says in words which limit asks for a human check, and that clearing the limits lifts it", () => {
    const html = renderToStaticMarkup(
      createElement(RateLimits, {
        limits: [
          limit("Sign-in link emails asked for by others", 3, 5, false, true),
          limit("New sign-in emails", 1, 5, false, false),
          limit("Wrong passwords, from anywhere", 100, 100, true, false),
        ],
      }),
    );
    expect(html).toMatch(/Sign-in link emails asked for by others: 3 of 5, until [^<]+\. Asks for a human check</);
    expect(html).toMatch(/New sign-in emails: 1 of 5, until [^<.]+</);
    expect(html).toMatch(/Wrong passwords, from anywhere: 100 of 100, reached: refused until [^<.]+</);
    expect(html).toContain("clearing the rate limits lifts it");
  });

  it("says nothing of a human check when none is asked for", () => {
    const html = renderToStaticMarkup(createElement(RateLimits, { limits: [limit("New sign-in emails", 1, 5, false, false)] }));
    expect(html).not.toContain("human check");
  });
});
