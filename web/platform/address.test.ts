import { afterEach, describe, expect, it, vi } from "vitest";

/** A browser's address bar, as far as takeFromAddress uses it. */
function addressBar(href: string) {
  const bar = { href };
  vi.stubGlobal("window", {
    location: bar,
    history: {
      state: null,
      replaceState: (_state: unknown, _title: string, url: string) => {
        bar.href = new URL(url, bar.href).href;
      },
    },
  });
  return bar;
}

describe("taking secrets from the address", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.resetModules();
  });

  it("answers them, leaves the rest of the address, and answers them again to a render run twice", async () => {
    const { takeFromAddress } = await import("./address.ts");
    const bar = addressBar("https://accounts.example/dsone/reset-password?code=c0de&email=a%40example.com&ReturnUrl=%2Fx#top");
    expect(takeFromAddress("code", "email")).toEqual({ code: "c0de", email: "a@example.com" });
    expect(bar.href).toBe("https://accounts.example/dsone/reset-password?ReturnUrl=%2Fx#top");
    // The same screen's initialiser, run again after React threw its first render away.
    expect(takeFromAddress("code", "email")).toEqual({ code: "c0de", email: "a@example.com" });
  });

  it("answers nothing at another path, or on a page load that never had them", async () => {
    const first = await import("./address.ts");
    const bar = addressBar("https://accounts.example/dsone/access-link?token=t0ken");
    expect(first.takeFromAddress("token")).toEqual({ token: "t0ken" });
    bar.href = "https://accounts.example/dsone/login";
    expect(first.takeFromAddress("token")).toEqual({ token: null });

    vi.resetModules();
    const reloaded = await import("./address.ts");
    addressBar("https://accounts.example/dsone/access-link");
    expect(reloaded.takeFromAddress("token")).toEqual({ token: null });
  });
});
