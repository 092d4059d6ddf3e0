import { expect, test } from "./fixtures.ts";

/**
 * Rows of SPEC.md that live in the browser and no other test would notice breaking: UUID= in
 * upper case, the sign-up form without validation, and the shared button's look.
 */
const DEVICE = "9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d";
const HIDE = "I don't want to see this or any future notifications";

test("UUID= in upper case is read like uuid=: the sign-up screen saves the setting for that device", async ({ page }) => {
  await page.goto(`/dsone/login-sign-up?UUID=${DEVICE}`);
  await expect(page.getByRole("heading", { name: "Sign Up Today!" })).toBeVisible();
  // A device is known: the setting is not kept in this browser only.
  await expect(page.getByText("this setting applies to this browser only", { exact: false })).toHaveCount(0);
  const saved = page.waitForRequest("**/notifications/updateunregisterednotifications");
  await page.getByRole("checkbox", { name: HIDE }).check();
  expect((await saved).postDataJSON()).toEqual({ uuid: DEVICE, settingValue: false });
});

test("the sign-up form has no validation: untouched, it goes on at once", async ({ page, baseURL }) => {
  await page.goto("/dsone/login-sign-up?channel=beta");
  await expect(page.getByRole("heading", { name: "Sign Up Today!" })).toBeVisible();
  // Nothing to fill in, nothing required, no error shown.
  await expect(page.locator("[required], [aria-invalid='true'], [aria-required='true']")).toHaveCount(0);
  await expect(page.getByRole("alert")).toHaveCount(0);
  await page.getByRole("link", { name: "Create Your Account" }).click();
  await expect(page).toHaveURL(`${baseURL}/demo/dsone/cart?channel=beta`);
});

test("the sign-up checkbox saves at once, whatever the device's UUID looks like", async ({ page }) => {
  // The form checks nothing: the server decides what it accepts.
  await page.goto("/dsone/login-sign-up?uuid=not-a-uuid");
  const saved = page.waitForRequest("**/notifications/updateunregisterednotifications");
  await page.getByRole("checkbox", { name: HIDE }).check();
  expect((await saved).postDataJSON()).toEqual({ uuid: "not-a-uuid", settingValue: false });
});

test("the shared button: rounded, and disabled at 55 % opacity with a not-allowed cursor", async ({ page }) => {
  await page.goto("/dev/agent");
  const look = (name: string) =>
    page.getByRole("button", { name, exact: true }).evaluate((element) => {
      const style = getComputedStyle(element);
      return { opacity: style.opacity, cursor: style.cursor, rounded: Number.parseFloat(style.borderTopLeftRadius) > 0 };
    });
  // No agent has been found: Connect waits, Find the agent does not.
  await expect(page.getByRole("button", { name: "Connect", exact: true })).toBeDisabled();
  await expect(page.getByRole("button", { name: "Find the agent" })).toBeEnabled();
  expect(await look("Connect")).toEqual({ opacity: "0.55", cursor: "not-allowed", rounded: true });
  expect(await look("Find the agent")).toEqual({ opacity: "1", cursor: "pointer", rounded: true });
});

test("the shared button's nine variants each look their own, those no screen uses among them", async ({ page }) => {
  await page.goto("/dev/agent");
  await expect(page.getByRole("button", { name: "Find the agent" })).toBeEnabled();
  // The classes ui/Button.tsx gives each variant (web/ui/button.test.ts), on the app's own stylesheet.
  const variants = [
    "green",
    "blue",
    "clear",
    "gray",
    "gray-borderless",
    "transparent-white",
    "link-white",
    "link-gray",
    "link-blue",
  ] as const;
  const looks = await page.evaluate((names) => {
    const host = document.createElement("div");
    document.body.append(host);
    return Object.fromEntries(
      names.map((name) => {
        const button = document.createElement("button");
        button.className = `button button--${name}`;
        button.textContent = name;
        host.append(button);
        const style = getComputedStyle(button);
        return [
          name,
          {
            background: style.backgroundColor,
            color: style.color,
            border: `${style.borderTopWidth} ${style.borderTopStyle} ${style.borderTopColor}`,
            underline: style.textDecorationLine === "underline",
          },
        ];
      }),
    );
  }, variants);
  const transparent = "rgba(0, 0, 0, 0)";
  const white = "rgb(255, 255, 255)";
  // Each looks different from every other.
  expect(new Set(Object.values(looks).map((look) => JSON.stringify(look))).size).toBe(variants.length);
  // Filled buttons are filled; clear and transparent white are not; links are underlined text.
  for (const name of ["green", "blue", "gray", "gray-borderless"] as const) expect(looks[name]?.background, name).not.toBe(transparent);
  expect(looks.clear?.background).toBe(transparent);
  expect(looks["transparent-white"]).toEqual({ background: transparent, color: white, border: `1px solid ${white}`, underline: false });
  expect(looks.gray?.border).not.toBe(looks["gray-borderless"]?.border);
  expect(looks["gray-borderless"]?.border).toMatch(/rgba\(0, 0, 0, 0\)$/);
  expect(looks.gray?.background).toBe(looks["gray-borderless"]?.background);
  for (const name of ["link-white", "link-gray", "link-blue"] as const) {
    expect(looks[name]?.underline, name).toBe(true);
    expect(looks[name]?.background, name).toBe(transparent);
  }
  expect(looks["link-white"]?.color).toBe(white);
});
