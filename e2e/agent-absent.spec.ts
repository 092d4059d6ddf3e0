import type { Page } from "@playwright/test";
import { freePort } from "../test/support/spawn-server.ts";
import { test as base, expect } from "./fixtures.ts";
import { signInWithLink } from "./sign-in.ts";

/** No agent on this computer: nothing listens on any of the ports the app probes. */
const test = base.extend<object, { emptyBases: { dsone: number; maverick: number } }>({
  emptyBases: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern; it has none.
    async ({}, use) => {
      await use({ dsone: (await freePort()) - 2, maverick: (await freePort()) - 2 });
    },
    { scope: "worker" },
  ],
  serverEnv: [
    async ({ emptyBases }, use) => {
      await use({ AGENT_DSONE_BASE_PORT: String(emptyBases.dsone), AGENT_MAVERICK_BASE_PORT: String(emptyBases.maverick) });
    },
    { scope: "worker" },
  ],
});

test("with no agent, detection reports Error getting info from local agent", async ({ page }) => {
  await page.goto("/dev/agent");
  await page.getByRole("button", { name: "Find the agent" }).click();
  await expect(page.getByRole("status", { name: "Agent" })).toHaveText("Error getting info from local agent");
});

test("with no agent, auto-login says so and offers the installer", async ({ page, baseURL }) => {
  await page.goto("/dsone/auto-login?uuid=3f2b8c1e-6a4d-4e0f-9b7a-2c5d8e1f4a60");
  await expect(page.getByRole("heading", { name: "Logging you in to DS One" })).toBeVisible();
  await expect(
    page.getByText(
      "We could not find DS One on this computer. If it is not installed, download it below; if it is, open it from your computer.",
    ),
  ).toBeVisible();
  await expect(page.getByRole("link", { name: "Download DS One" })).toHaveAttribute(
    "href",
    `${baseURL}/demo/installer/api/download/default`,
  );
  // An end state: the spinner has stopped, and the customer can look again. Closing the window would
  // leave them nowhere, so the page says what to do next in place of the specification's hint.
  await expect(page.getByRole("progressbar")).toHaveCount(0);
  await expect(page.getByText("Install or open DS One on this computer, then try again.")).toBeVisible();
  await expect(page.getByText("you can safely close this window", { exact: false })).toHaveCount(0);
  await page.getByRole("button", { name: "Try Again" }).click();
  await expect(page.getByText("We could not find DS One on this computer.", { exact: false })).toBeVisible();
  await expect(page.getByText("you can safely close this window", { exact: false })).toHaveCount(0);
});

/**
 * The browser's local-network permission as a public page meets it: the page is opened as
 * `localhost.` (a name the app does not take for this computer, so it asks the browser, as it does
 * on the product's own host) and the browser is made to answer `state`.
 */
async function openAsPublicPage(page: Page, baseURL: string | undefined, path: string, state: PermissionState): Promise<void> {
  await page.addInitScript((answer) => {
    const query = navigator.permissions.query.bind(navigator.permissions);
    navigator.permissions.query = (descriptor) =>
      descriptor.name === ("local-network-access" as PermissionName)
        ? Promise.resolve({ state: answer } as PermissionStatus)
        : query(descriptor);
  }, state);
  const url = new URL(path, baseURL);
  url.hostname = "localhost.";
  await page.goto(url.href);
}

test("before the browser's permission, the page says what to do next, not to close the window", async ({ page, baseURL }) => {
  await openAsPublicPage(page, baseURL, "/dsone/auto-login?uuid=3f2b8c1e-6a4d-4e0f-9b7a-2c5d8e1f4a60", "prompt");
  await expect(page.getByRole("button", { name: "Find DS One on this computer" })).toBeVisible();
  await expect(page.getByText("Find DS One on this computer, then choose Allow when your browser asks.")).toBeVisible();
  await expect(page.getByText("you can safely close this window", { exact: false })).toHaveCount(0);
});

test("with the browser's permission refused, the page says what to do next, not to close the window", async ({ page, baseURL }) => {
  await openAsPublicPage(page, baseURL, "/maverick/auto-login?uuid=8d9e0f1a-2b3c-4d5e-8f9a-0b1c2d3e4f5a", "denied");
  await expect(page.getByText("Your browser blocked this page from reaching Maverick Safe", { exact: false })).toBeVisible();
  await expect(page.getByText("Allow this site to reach your local network, then reload this page.")).toBeVisible();
  await expect(page.getByText("you can safely close this window", { exact: false })).toHaveCount(0);
});

test("the installer offered is the one of the channel in the address", async ({ page, baseURL }) => {
  await page.goto("/dsone/auto-login?uuid=3f2b8c1e-6a4d-4e0f-9b7a-2c5d8e1f4a60&channel=beta");
  await expect(page.getByRole("link", { name: "Download DS One" })).toHaveAttribute("href", `${baseURL}/demo/installer/api/download/beta`);
});

test("the login's way to auto-login keeps the channel, so the installer offered is the customer's own", async ({ page, mail, baseURL }) => {
  await signInWithLink(page, mail, "licensed.customer@example.com");
  await page.goto("/dsone/login?ReturnUrl=%2Fdemo%2Fdsone%2Fui&channel=beta");
  await expect(page).toHaveURL(/\/dsone\/auto-login\?uuid=3f2b8c1e-6a4d-4e0f-9b7a-2c5d8e1f4a60&channel=beta$/);
  await expect(page.getByRole("link", { name: "Download DS One" })).toHaveAttribute("href", `${baseURL}/demo/installer/api/download/beta`);

  const signedIn = await page.request.post("/api/maverick/password-login", {
    data: { Email: "safe.customer@example.com", Password: "demo-password" },
  });
  expect(signedIn.ok()).toBe(true);
  await page.goto("/maverick/login?channel=edge-beta");
  await expect(page).toHaveURL(/\/maverick\/auto-login\?uuid=8d9e0f1a-2b3c-4d5e-8f9a-0b1c2d3e4f5a&channel=edge-beta$/);
  await expect(page.getByRole("link", { name: "Download Maverick Safe" })).toHaveAttribute(
    "href",
    `${baseURL}/demo/installer/api/download/edge-beta`,
  );
});
