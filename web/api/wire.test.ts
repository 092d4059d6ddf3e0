import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { dsone, maverick } from "../../common/brands/index.ts";

/**
 * What web/api puts on the wire (SPEC sections 3, 7 and 9), read from the fetch calls themselves:
 * every call to the product's own server sends credentials, the earlier login's RememberMe is
 * false and the earlier Maverick login's RememberLogin true.
 */
interface Sent {
  url: string;
  init: RequestInit;
}

let sent: Sent[];

beforeEach(() => {
  sent = [];
  vi.stubGlobal("location", { origin: "https://accounts.example" });
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: URL | string, init: RequestInit = {}) => {
      sent.push({ url: String(url), init });
      return new Response("{}", { status: 200, headers: { "content-type": "application/json" } });
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.resetModules();
});

const MAVERICK_UI = "https://maverick.example/ui";

async function earlierApi() {
  const { createEarlierAccountApi } = await import("./earlier.ts");
  return createEarlierAccountApi({ maverickUiUrl: MAVERICK_UI });
}

const formOf = (call: Sent | undefined) => Object.fromEntries(new URLSearchParams(String(call?.init.body)));

describe("the earlier login's flags on the wire", () => {
  it("the earlier login sends RememberMe false, form-encoded", async () => {
    const api = await earlierApi();
    await api.login({ Email: "old@example.com", Password: "pw", ReturnUrl: "/r" });
    expect(sent).toHaveLength(1);
    expect(new Headers(sent[0]?.init.headers).get("content-type")).toBe("application/x-www-form-urlencoded");
    expect(formOf(sent[0])).toEqual({ Email: "old@example.com", Password: "pw", ReturnUrl: "/r", RememberMe: "false" });
  });

  it("the earlier Maverick login sends RememberLogin true, ReturnUrl defaulting to the maverick UI address", async () => {
    const api = await earlierApi();
    await api.maverickLogin({ Email: "mav@example.com", Password: "pw" });
    await api.maverickLogin({ Email: "mav@example.com", Password: "pw", ReturnUrl: "/elsewhere" });
    expect(sent.map(formOf)).toEqual([
      { Email: "mav@example.com", Password: "pw", ReturnUrl: MAVERICK_UI, RememberLogin: "true" },
      { Email: "mav@example.com", Password: "pw", ReturnUrl: "/elsewhere", RememberLogin: "true" },
    ]);
  });
});

describe("credentials sent on every call to the product's own server", () => {
  it("every call of web/api/account.ts", async () => {
    const account = await import("./account.ts");
    const calls: [string, () => Promise<unknown>][] = [
      ["checkDsOneSession", () => account.checkDsOneSession()],
      ["checkMaverickSession", () => account.checkMaverickSession()],
      ["requestAccessLink", () => account.requestAccessLink({ Email: "a@example.com", ProductId: 6 } as never)],
      ["consumeAccessLink", () => account.consumeAccessLink("t")],
      ["signInWithCode", () => account.signInWithCode("123456")],
      ["checkAccessLink", () => account.checkAccessLink("t")],
      ["approveSignIn", () => account.approveSignIn("t", 42)],
      ["waitForApproval", () => account.waitForApproval(false)],
      ["passwordLogin", () => account.passwordLogin({ Email: "a@example.com", Password: "pw" } as never)],
      ["maverickPasswordLogin", () => account.maverickPasswordLogin({ Email: "a@example.com", Password: "pw" } as never)],
      ["forgotPassword", () => account.forgotPassword("a@example.com", 6)],
      ["openPasswordReset", () => account.openPasswordReset("c", "a@example.com")],
      ["resetPassword", () => account.resetPassword("new-password", "new-password")],
      ["setPassword", () => account.setPassword("new-password", "/r")],
      ["updateNotificationSetting", () => account.updateNotificationSetting("u", true)],
      ["resetSession", () => account.resetSession()],
      ["brandAutoLogin dsone", () => account.brandAutoLogin(dsone, { UUID: "u" } as never)],
      ["brandAutoLogin maverick", () => account.brandAutoLogin(maverick, { UUID: "u" } as never)],
      ["callWith", () => account.callWith({ withoutChallenge: true }, "POST /api/passkey/sign-in/options")],
    ];
    // Every function the module exports is in the table, so a new call cannot slip past it.
    const exported = Object.entries(account)
      .filter(([, value]) => typeof value === "function")
      .map(([name]) => name)
      .filter((name) => name !== "call");
    expect(new Set(calls.map(([name]) => name.split(" ")[0]))).toEqual(new Set(exported));
    for (const [name, run] of calls) {
      const before = sent.length;
      await run();
      expect(sent.length, name).toBe(before + 1);
      expect(sent.at(-1)?.init.credentials, name).toBe("include");
      expect(new URL(sent.at(-1)?.url ?? "").origin, name).toBe("https://accounts.example");
    }
  });

  it("every call of the earlier account area (web/api/earlier.ts)", async () => {
    const api = await earlierApi();
    const calls: [keyof typeof api, () => Promise<unknown>][] = [
      ["logout", () => api.logout("?uuid=u")],
      ["passwordlessLogin", () => api.passwordlessLogin({ email: "a@example.com", product: 7 })],
      ["login", () => api.login({ Email: "a@example.com", Password: "pw", ReturnUrl: "/" })],
      ["maverickLogin", () => api.maverickLogin({ Email: "a@example.com", Password: "pw" })],
      ["forgotPassword", () => api.forgotPassword("solveiq", "a@example.com")],
      ["resetPassword", () => api.resetPassword("desktop", { Email: "a@example.com", Password: "p", ConfirmPassword: "p", Code: "c" })],
      ["setPassword", () => api.setPassword("maverick", { Password: "p", ConfirmPassword: "p" })],
      ["userInfo", () => api.userInfo()],
      ["updateUnregisteredNotifications", () => api.updateUnregisteredNotifications("u", false)],
      ["checkDesktopAccount", () => api.checkDesktopAccount("a@example.com")],
      ["validateRecaptchaToken", () => api.validateRecaptchaToken("token")],
    ];
    expect(new Set(calls.map(([name]) => name))).toEqual(new Set(Object.keys(api)));
    for (const [name, run] of calls) {
      const before = sent.length;
      await run();
      expect(sent.length, name).toBe(before + 1);
      expect(sent.at(-1)?.init.credentials, name).toBe("include");
    }
  });
});
