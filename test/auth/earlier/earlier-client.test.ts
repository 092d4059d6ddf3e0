import { createServer as createNetServer } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccount } from "../../../server/auth/kernel/accounts.ts";
import { createAccountAreaStore } from "../../../web/account-area/store.ts";
import { createEarlierAccountApi } from "../../../web/api/earlier.ts";
import { HttpError, send } from "../../../web/api/http.ts";
import { strings } from "../../../web/i18n/en/earlier.ts";
import { drainMail, startTestServer, type TestServer } from "../../support/app.ts";
import { MisbehavingServer } from "../../support/misbehaving-server.ts";

/**
 * The earlier account area's client (web/api/earlier.ts, web/account-area/store.ts) against real
 * servers: the account server for real answers, and a misbehaving server for failures. Every
 * message of SPEC section 8's earlier-area list and every HTTP-layer message comes from one.
 */
let server: TestServer;
let serverUrl: string;
let broken: MisbehavingServer;
const MAVERICK_UI = "http://localhost:3000/demo/maverick/ui";

beforeAll(async () => {
  server = await startTestServer("sqlite");
  serverUrl = await server.app.listen({ port: 0, host: "127.0.0.1" });
  await createAccount(server.db, { email: "earlier@example.com", password: "earlier-password", product: "dsone", name: "Earl" });
  broken = await new MisbehavingServer().start();
});
afterAll(async () => {
  await broken?.close();
  await server?.stop();
});

const realStore = () => createAccountAreaStore(createEarlierAccountApi({ baseUrl: serverUrl, maverickUiUrl: MAVERICK_UI }));
const brokenStore = () => createAccountAreaStore(createEarlierAccountApi({ baseUrl: broken.url, maverickUiUrl: MAVERICK_UI }));

describe("earlier account area messages", () => {
  it("Email Address or Password is invalid: the server says isOk false", async () => {
    const store = realStore();
    expect(await store.login({ Email: "earlier@example.com", Password: "wrong-password", ReturnUrl: "/demo/dsone/ui" })).toBeUndefined();
    expect(store.getState().loginError).toBe("Email Address or Password is invalid");
    // No response at all counts the same.
    broken.behaviour = "empty";
    const empty = brokenStore();
    await empty.login({ Email: "earlier@example.com", Password: "x", ReturnUrl: "/" });
    expect(empty.getState().loginError).toBe(strings.earlier.loginInvalid);
  });

  it("a successful login clears the error and answers where to go", async () => {
    const store = realStore();
    await store.login({ Email: "earlier@example.com", Password: "wrong-password", ReturnUrl: "/" });
    expect(await store.login({ Email: "earlier@example.com", Password: "earlier-password", ReturnUrl: "/demo/dsone/my-account" })).toBe(
      "http://localhost:3000/demo/dsone/my-account",
    );
    expect(store.getState().loginError).toBe("");
  });

  it("There was an error while attempting to log in: the call failed", async () => {
    broken.behaviour = { status: 500 };
    const store = brokenStore();
    await store.login({ Email: "earlier@example.com", Password: "x", ReturnUrl: "/" });
    expect(store.getState().loginError).toBe("There was an error while attempting to log in");
    await store.login({ Email: "earlier@example.com", Password: "x", ReturnUrl: "/" }, { maverick: true });
    expect(store.getState().loginError).toBe("There was an error while attempting to log in");
  });

  it("set password shows the server's first message, otherwise There was an error while attempting to set password", async () => {
    const store = realStore();
    expect(await store.setPassword("desktop", { Password: "new-password", ReturnUrl: "/dsone/set-password-confirmation" })).toBeUndefined();
    expect(store.getState().setPasswordError).toBe("Please sign in first.");
    broken.behaviour = { status: 500 };
    const failing = brokenStore();
    await failing.setPassword("solveiq", { Password: "new-password", ReturnUrl: "/" });
    expect(failing.getState().setPasswordError).toBe("There was an error while attempting to set password");
  });

  it("fetch user: an empty answer, and a failed call, each with its message; fetchUserInfoState moves through its states", async () => {
    broken.behaviour = "empty";
    const store = brokenStore();
    const states: string[] = [];
    store.subscribe(() => states.push(store.getState().fetchUserInfoState));
    await store.fetchUserInfo();
    expect(store.getState().fetchUserError).toBe("There was an error while attempting to fetch the logged in user");
    expect(states).toEqual(["pending", "error"]);

    const signedOut = realStore();
    await signedOut.fetchUserInfo();
    expect(signedOut.getState()).toMatchObject({
      fetchUserInfoState: "error",
      fetchUserError: "There was an error while attempting to set password",
    });
  });

  it("fetch user fulfilled with the signed-in account", async () => {
    const login = await server.app.inject({
      method: "POST",
      url: "/api/dsone/password-login",
      payload: { Email: "earlier@example.com", Password: "earlier-password" },
    });
    const cookie = login.cookies.map((c) => `${c.name}=${c.value}`).join("; ");
    const store = createAccountAreaStore(createEarlierAccountApi({ baseUrl: serverUrl, maverickUiUrl: MAVERICK_UI, headers: { cookie } }));
    await store.fetchUserInfo();
    expect(store.getState()).toMatchObject({
      fetchUserInfoState: "fulfilled",
      email: "earlier@example.com",
      name: "Earl",
      isAdmin: false,
      fetchUserError: "",
    });
    await store.logout("?uuid=u-1");
    expect(store.getState()).toMatchObject({ logoutState: "fulfilled", email: "" });
  });

  it("forgot and reset failures: An error occurred while sending the request., and the internal rejections", async () => {
    broken.behaviour = { status: 503, statusText: "Service Unavailable" };
    const store = brokenStore();
    expect(await store.forgotPassword("solveiq", "earlier@example.com")).toBeUndefined();
    expect(store.getState().forgotPasswordError).toBe("An error occurred while sending the request.");
    expect(
      await store.resetPassword("desktop", { Email: "earlier@example.com", Password: "p", ConfirmPassword: "p", Code: "c" }),
    ).toBeUndefined();
    expect(store.getState().resetPasswordError).toBe("An error occurred while sending the request.");

    const api = createEarlierAccountApi({ baseUrl: broken.url, maverickUiUrl: MAVERICK_UI });
    await expect(api.forgotPassword("desktop", "earlier@example.com")).rejects.toThrow(
      "Forget password request failed: Service Unavailable",
    );
    await expect(api.resetPassword("solveiq", { Email: "e@example.com", Password: "p", ConfirmPassword: "p", Code: "c" })).rejects.toThrow(
      "Reset password request failed: Service Unavailable",
    );
  });

  it("forgot and reset succeed to their confirmation targets, the reset one carrying the redirectUrl", async () => {
    const store = realStore();
    expect(await store.forgotPassword("desktop", "earlier@example.com")).toBe("/dsone/forgot-password-confirmation");
    expect(await store.forgotPassword("solveiq", "earlier@example.com")).toBe("/forgotPasswordConfirmation");
    await drainMail(server);
    const link = new URL(server.delivered.findLast((m) => m.to === "earlier@example.com")?.text.match(/https?:\/\/\S+/)?.[0] ?? "");
    const target = await store.resetPassword("desktop", {
      Email: "earlier@example.com",
      Password: "earlier-password",
      ConfirmPassword: "earlier-password",
      Code: link.searchParams.get("code") ?? "",
    });
    expect(target).toBe(`/dsone/reset-password-confirmation?redirectUrl=${encodeURIComponent(server.config.links.signIn)}`);
    expect(store.getState().resetPasswordError).toBe("");
  });

  it("each request clears its own error when it starts", async () => {
    broken.behaviour = { status: 500 };
    const store = brokenStore();
    await store.forgotPassword("desktop", "earlier@example.com");
    expect(store.getState().forgotPasswordError).not.toBe("");
    broken.behaviour = "hang";
    const pending = store.forgotPassword("desktop", "earlier@example.com");
    expect(store.getState().forgotPasswordError).toBe("");
    broken.behaviour = "empty";
    await broken.close();
    broken = await new MisbehavingServer().start();
    await pending;
  });

  it("Unable to update settings: {status text}, and true when saved", async () => {
    const api = createEarlierAccountApi({ baseUrl: serverUrl, maverickUiUrl: MAVERICK_UI });
    expect(await api.updateUnregisteredNotifications("2b3c4d5e-6f7a-4b8c-9d0e-1f2a3b4c5d6e", false)).toBe(true);
    await expect(api.updateUnregisteredNotifications("not-a-uuid", false)).rejects.toThrow("Unable to update settings: Bad Request");
  });

  it("Unable to fetch user info: {error}", async () => {
    const api = createEarlierAccountApi({ baseUrl: serverUrl, maverickUiUrl: MAVERICK_UI });
    await expect(api.userInfo()).rejects.toThrow("Unable to fetch user info: Request failed with status code 401");
  });

  it("the captcha check returns the error status and data to the caller", async () => {
    const api = createEarlierAccountApi({ baseUrl: serverUrl, maverickUiUrl: MAVERICK_UI });
    expect(await api.validateRecaptchaToken("token")).toEqual({
      status: 503,
      data: { code: "CAPTCHA_NOT_CONFIGURED", message: "No captcha provider is configured on this server.", success: false },
    });
  });
});

describe("HTTP layer messages", () => {
  it("Network Error: nothing listens", async () => {
    const closedPort = await new Promise<number>((resolve) => {
      const probe = createNetServer().listen(0, "127.0.0.1", () => {
        const { port } = probe.address() as { port: number };
        probe.close(() => resolve(port));
      });
    });
    await expect(send("GET", "/api/account/user-info", undefined, { baseUrl: `http://127.0.0.1:${closedPort}` })).rejects.toThrow(
      "Network Error",
    );
    broken.behaviour = "drop";
    await expect(send("GET", "/anything", undefined, { baseUrl: broken.url })).rejects.toThrow("Network Error");
  });

  it("timeout of {n}ms exceeded", async () => {
    broken.behaviour = "hang";
    await expect(send("GET", "/slow", undefined, { baseUrl: broken.url, timeoutMs: 150 })).rejects.toThrow("timeout of 150ms exceeded");
  });

  it("Request aborted", async () => {
    broken.behaviour = "hang";
    const controller = new AbortController();
    const call = send("GET", "/slow", undefined, { baseUrl: broken.url, signal: controller.signal });
    setTimeout(() => controller.abort(), 50);
    await expect(call).rejects.toThrow("Request aborted");
  });

  it("Unsupported protocol", async () => {
    const error = await send("GET", "ftp://127.0.0.1/file", undefined, { baseUrl: serverUrl }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).message).toBe("Unsupported protocol");
  });
});
