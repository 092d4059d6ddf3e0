import { expect, type Page } from "@playwright/test";
import type { AskingDevice } from "../common/api/contract.ts";
import { APP_STARTED_MARK } from "../common/rendered-ahead.ts";
import { holdRequests, SESSION_RESET } from "./hold.ts";

/**
 * Every screen of both brands, each with how to reach it and the heading that proves it is shown.
 * The accessibility spec and `npm run screenshots` both walk this list.
 */
export interface ScreenCase {
  name: string;
  /** Signs in first (the screen needs a signed-in customer, or the demo admin). */
  signedIn?: true | "admin" | "support";
  open(page: Page): Promise<void>;
  heading: string;
}

const DSONE = "?ReturnUrl=%2Fdemo%2Fdsone%2Fui";

async function submitEmail(page: Page, email: string) {
  // The label depends on whether Google sign-in is on (the stand-in is, outside the tests).
  await page.getByLabel(/^(Enter your email|Use another email)$/).fill(email);
  await page.getByRole("button", { name: "Continue", exact: true }).click();
}

/** The logout screen stays while its session reset is held, however slow the machine is. */
async function openLogout(page: Page, path: string) {
  await holdRequests(page, SESSION_RESET);
  await page.goto(path);
}

/**
 * The access-link page before its check answers: the check is held, so the page stays in the state
 * a valid link shows (the token here is made up, which the check would say).
 */
async function openAccessLink(page: Page, path: string) {
  await holdRequests(page, "**/api/access-link/check");
  await page.goto(path);
}

/** A page a mailed link opens, once its check answered `view`, as it does for a real link. */
async function openCheckedLink(page: Page, path: string, check: string, view: Record<string, unknown>) {
  await page.route(`**/api/${check}`, (route) => route.fulfill({ json: { isOk: true, ...view } }));
  await page.goto(`${path}?token=${"t".repeat(43)}`);
}

/** What the asking screen's wait says of a mail the receiving server refused (docs/decisions/0087). */
export const UNDELIVERED_WAIT = { state: "undelivered", reason: "no_mailbox", reference: "3F9A12BC0D" } as const;

/** "Email Not Delivered": the email form's request, whose wait then says the mail was refused. */
async function openUndelivered(page: Page, path: string) {
  await page.route("**/api/access-link/wait", (route) => route.fulfill({ json: UNDELIVERED_WAIT }));
  await page.goto(path);
  await submitEmail(page, "new.customer@example.com");
}

/** A screen whose code fails to load: the brand's error screen. */
async function failingScreen(page: Page, chunk: string, path: string) {
  await page.route(`**/assets/${chunk}-*.js`, (route) => route.abort());
  await page.goto(path);
}

/** A browser that asked for a link, as the link's page on another device is told of it. */
export const ASKING_DEVICE: AskingDevice = {
  device: "Chrome on Windows",
  network: "203.0.113.0",
  askedSecondsAgo: 60,
  signsInTo: { brand: "DS One", app: null, host: "app.dsone.example" },
};

export const SCREENS: ScreenCase[] = [
  { name: "dsone-login", heading: "Customer Login", open: (page) => page.goto(`/dsone/login${DSONE}`).then(() => undefined) },
  {
    name: "dsone-loading",
    heading: "DS One",
    open: async (page) => {
      // A browser with a session cookie (one the server does not know): there is a session to check.
      await page.context().addCookies([{ name: "session", value: "A".repeat(43), domain: "localhost", path: "/" }]);
      await holdRequests(page, "**/api/dsone/session");
      await page.goto(`/dsone/login${DSONE}`);
    },
  },
  {
    name: "dsone-check-email",
    heading: "Check Your Email",
    open: async (page) => {
      await page.goto(`/dsone/login${DSONE}`);
      await submitEmail(page, "new.customer@example.com");
    },
  },
  {
    name: "dsone-undelivered",
    heading: "Email Not Delivered",
    open: (page) => openUndelivered(page, `/dsone/login${DSONE}`),
  },
  {
    name: "dsone-account-not-found",
    heading: "Account Not Found",
    open: (page) => page.goto(`/dsone/login${DSONE}&failedEmail=nobody%40example.com`).then(() => undefined),
  },
  {
    name: "dsone-social-sign-in",
    heading: "Google Sign-In Was Cancelled",
    open: (page) => page.goto(`/dsone/social-sign-in${DSONE}&problem=cancelled`).then(() => undefined),
  },
  {
    name: "dsone-access-link",
    heading: "Sign In to DS One",
    open: (page) => openAccessLink(page, `/dsone/access-link?token=${"t".repeat(43)}`),
  },
  {
    name: "dsone-access-link-not-valid",
    heading: "This Link Is Not Valid",
    open: (page) => page.goto(`/dsone/access-link?token=${"t".repeat(43)}`).then(() => undefined),
  },
  {
    name: "dsone-password-login",
    heading: "Login To Your Account",
    open: (page) => page.goto(`/dsone/password-login${DSONE}`).then(() => undefined),
  },
  {
    name: "dsone-forgot-password",
    heading: "Forgot Your Password",
    open: (page) => page.goto("/dsone/forgot-password").then(() => undefined),
  },
  {
    name: "dsone-forgot-password-confirmation",
    heading: "Password Reset Email Sent",
    open: (page) => page.goto("/dsone/forgot-password-confirmation").then(() => undefined),
  },
  { name: "dsone-reset-password", heading: "Set New Password", open: (page) => page.goto("/dsone/reset-password").then(() => undefined) },
  {
    name: "dsone-reset-password-confirmation",
    heading: "Your New Password Has Been Reset!",
    open: (page) => page.goto("/dsone/reset-password-confirmation").then(() => undefined),
  },
  {
    name: "dsone-set-password",
    heading: "Set Password",
    signedIn: true,
    open: (page) => page.goto("/dsone/set-password").then(() => undefined),
  },
  {
    name: "dsone-set-password-confirmation",
    heading: "Your New Password Has Been Set!",
    open: (page) => page.goto("/dsone/set-password-confirmation").then(() => undefined),
  },
  {
    name: "dsone-login-sign-up",
    heading: "Sign Up Today!",
    open: (page) => page.goto("/dsone/login-sign-up?usePassword=true").then(() => undefined),
  },
  { name: "dsone-logout", heading: "Logging You Out Now", open: (page) => openLogout(page, "/dsone/logout") },
  {
    name: "dsone-logout-failed",
    heading: "We Could Not Log You Out",
    open: async (page) => {
      await page.route(SESSION_RESET, (route) => route.fulfill({ status: 503, body: "" }));
      await page.goto("/dsone/logout");
    },
  },
  {
    name: "dsone-sorry-to-see-you-go",
    heading: "We're Sorry To See You Go",
    open: (page) => page.goto("/dsone/sorry-to-see-you-go?channel=beta").then(() => undefined),
  },
  { name: "dsone-auto-login", heading: "Logging you in to DS One", open: (page) => page.goto("/dsone/auto-login").then(() => undefined) },
  {
    name: "maverick-login",
    heading: "Loading Maverick Safe",
    open: async (page) => {
      await holdRequests(page, "**/api/maverick/session");
      await page.goto("/maverick/login");
    },
  },
  { name: "maverick-login-qatest", heading: "Login", open: (page) => page.goto("/maverick/login?qatest=1").then(() => undefined) },
  { name: "maverick-password-login", heading: "Login", open: (page) => page.goto("/maverick/password-login").then(() => undefined) },
  {
    name: "maverick-email-login",
    heading: "Customer Login",
    open: (page) => page.goto("/maverick/email-login?ReturnUrl=%2Fdemo%2Fmaverick%2Fui").then(() => undefined),
  },
  {
    name: "maverick-undelivered",
    heading: "Email Not Delivered",
    open: (page) => openUndelivered(page, "/maverick/email-login?ReturnUrl=%2Fdemo%2Fmaverick%2Fui"),
  },
  {
    name: "maverick-social-sign-in",
    heading: "This Sign-In Has Expired",
    open: (page) => page.goto("/maverick/social-sign-in?ReturnUrl=%2Fdemo%2Fmaverick%2Fui&problem=expired").then(() => undefined),
  },
  {
    name: "maverick-forgot-password",
    heading: "Forgot Your Password",
    open: (page) => page.goto("/maverick/forgot-password").then(() => undefined),
  },
  {
    name: "maverick-reset-password-confirmation",
    heading: "Your New Password Has Been Reset!",
    open: (page) => page.goto("/maverick/reset-password-confirmation").then(() => undefined),
  },
  {
    name: "maverick-access-link",
    heading: "Sign In to Maverick Safe",
    open: (page) => openAccessLink(page, `/maverick/access-link?token=${"t".repeat(43)}`),
  },
  {
    name: "maverick-set-password",
    heading: "Set Password",
    signedIn: true,
    open: (page) => page.goto("/maverick/set-password").then(() => undefined),
  },
  {
    name: "maverick-set-password-confirmation",
    heading: "Your New Password Has Been Set!",
    open: (page) => page.goto("/maverick/set-password-confirmation").then(() => undefined),
  },
  { name: "maverick-logout", heading: "Logging You Out Now", open: (page) => openLogout(page, "/maverick/logout?uuid=u-1") },
  {
    name: "maverick-sorry-to-see-you-go",
    heading: "We're Sorry To See You Go",
    open: (page) => page.goto("/maverick/sorry-to-see-you-go?channel=beta").then(() => undefined),
  },
  {
    name: "maverick-auto-login",
    heading: "Logging you in to Maverick Safe",
    open: (page) => page.goto("/maverick/auto-login").then(() => undefined),
  },
  {
    name: "dsone-error",
    heading: "Something Went Wrong",
    open: (page) => failingScreen(page, "PasswordLoginPage", `/dsone/password-login${DSONE}`),
  },
  {
    name: "maverick-error",
    heading: "Something Went Wrong",
    open: (page) => failingScreen(page, "MaverickPasswordLoginPage", "/maverick/password-login"),
  },
  // The account page of each brand, and its deletion link's page for a link that cannot be used.
  ...(["dsone", "maverick"] as const).flatMap((brand): ScreenCase[] => [
    {
      name: `${brand}-account`,
      heading: "Your Account",
      signedIn: true,
      open: (page) => page.goto(`/${brand}/account`).then(() => undefined),
    },
    {
      name: `${brand}-delete-account-refused`,
      heading: "This Link Cannot Be Used",
      open: (page) => page.goto(`/${brand}/account/delete?token=${"t".repeat(43)}`).then(() => undefined),
    },
    // The link opened on another device than the one that asked (decisions 73 and 81): it names
    // that device, its network, its request's age and what it signs in to, and asks for two digits.
    {
      name: `${brand}-approve-other-device`,
      heading: "Sign In on Your Other Device?",
      open: (page) =>
        openCheckedLink(page, `/${brand}/access-link`, "access-link/check", {
          otherDevice: {
            ...ASKING_DEVICE,
            signsInTo: { ...ASKING_DEVICE.signsInTo, brand: brand === "dsone" ? "DS One" : "Maverick Safe" },
          },
        }),
    },
    // Changing the email (docs/decisions/0070): the form in place, and the pages its mails open,
    // each as a link that checks out shows it (the check's answer stands in for a real link's).
    {
      name: `${brand}-change-email`,
      heading: "Your Account",
      signedIn: true,
      open: async (page) => {
        await page.goto(`/${brand}/account`);
        await page.getByRole("button", { name: "Change email" }).click();
        await page.getByLabel("New email").waitFor();
      },
    },
    {
      name: `${brand}-confirm-email`,
      heading: "Confirm Your New Email",
      open: (page) =>
        openCheckedLink(page, `/${brand}/account/confirm-email`, "email-change/check", {
          oldEmail: "pat@example.com",
          newEmail: "pat@new.example.org",
        }),
    },
    {
      name: `${brand}-cancel-email-change`,
      heading: "Cancel This Email Change?",
      open: (page) =>
        openCheckedLink(page, `/${brand}/account/cancel-email-change`, "email-change/cancel/check", {
          newEmail: "p…@new.example.org",
          requestedAt: Date.UTC(2026, 10, 27, 9, 30),
        }),
    },
    {
      name: `${brand}-undo-email-change`,
      heading: "Undo the Email Change?",
      open: (page) =>
        openCheckedLink(page, `/${brand}/account/undo-email-change`, "email-change/undo/check", {
          oldEmail: "pat@example.com",
          newEmail: "p…@new.example.org",
        }),
    },
    {
      name: `${brand}-email-changed-back`,
      heading: "Tell Us This Wasn't You?",
      open: (page) =>
        openCheckedLink(page, `/${brand}/account/email-changed-back`, "email-change/undo-dispute/check", {
          restoredEmail: "p…@example.com",
          changedBackAt: Date.UTC(2026, 10, 27, 9, 30),
        }),
    },
  ]),
  // Passkeys (docs/decisions/0059-passkeys.md): the offer after a sign-in, and each brand's login
  // once its autofill request waits for the customer to pick a passkey in the email field.
  ...(
    [
      ["dsone", "/dsone/login"],
      ["maverick", "/maverick/email-login"],
    ] as const
  ).flatMap(([brand, login]): ScreenCase[] => [
    {
      name: `${brand}-passkey-offer`,
      heading: "Sign In Faster Next Time",
      signedIn: true,
      open: (page) => page.goto(`/${brand}/passkey?ReturnUrl=%2Fdemo%2F${brand}%2Fui`).then(() => undefined),
    },
    {
      name: `${brand}-passkey-autofill`,
      heading: "Customer Login",
      open: async (page) => {
        const asked = page.waitForResponse("**/api/passkey/sign-in/options");
        await page.goto(`${login}?ReturnUrl=%2Fdemo%2F${brand}%2Fui`);
        await asked;
      },
    },
  ]),
  {
    name: "dsone-support-console",
    signedIn: "support",
    heading: "Why they cannot sign in, or are asked for a human check: rate limits",
    open: async (page) => {
      await page.goto("/admin/support");
      await page.getByLabel(/^Email, or its beginning/).fill("password.");
      await page.getByRole("button", { name: "Search" }).click();
      await page.getByRole("link", { name: "password.customer@example.com" }).click();
    },
  },
  {
    name: "dsone-support-refused",
    signedIn: true,
    heading: "403: Support console",
    open: (page) => page.goto("/admin/support").then(() => undefined),
  },
  { name: "dsone-admin", signedIn: "admin", heading: "Operations", open: (page) => page.goto("/admin").then(() => undefined) },
  { name: "dsone-admin-refused", signedIn: true, heading: "403: Operations", open: (page) => page.goto("/admin").then(() => undefined) },
];

/** The demo account each kind of screen is shown to. */
const SIGNED_IN_AS = {
  customer: "password.customer@example.com",
  admin: "ops.admin@example.com",
  support: "support.agent@example.com",
} as const;

/** Opens a screen (signing a demo account in first when it needs it) and waits until its heading shows. */
export async function showScreen(page: Page, screen: ScreenCase): Promise<void> {
  if (screen.signedIn) {
    const response = await page.request.post("/api/dsone/password-login", {
      data: { Email: SIGNED_IN_AS[screen.signedIn === true ? "customer" : screen.signedIn], Password: "demo-password" },
    });
    expect(response.ok()).toBe(true);
  }
  await screen.open(page);
  await expect(page.getByRole("heading", { name: screen.heading, exact: true })).toBeVisible();
  // A screen rendered ahead shows its heading before the app has taken it over: look once it has.
  await page.waitForFunction((mark) => performance.getEntriesByName(mark).length > 0, APP_STARTED_MARK);
}
