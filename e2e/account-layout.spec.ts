import type { Locator, Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";

/**
 * How the account pages set their text: an email address, a time, each kept whole on one line
 * where it fits, and never wider than a phone's screen where it does not.
 */
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

/**
 * On how many lines `part` of an element's text is drawn, counting the lines its characters' boxes
 * sit on (a line's boxes share their middle, give or take a few pixels of inline box and font).
 */
function linesOf(element: Locator, part: string): Promise<number> {
  return element.evaluate((node, part) => {
    const texts: Text[] = [];
    const walker = document.createTreeWalker(node, NodeFilter.SHOW_TEXT);
    while (walker.nextNode()) texts.push(walker.currentNode as Text);
    const whole = texts.map((text) => text.data).join("");
    const start = whole.indexOf(part);
    if (start < 0) throw new Error(`"${part}" is not in "${whole}"`);
    const middles: number[] = [];
    let offset = 0;
    for (const text of texts) {
      const from = Math.max(start, offset);
      const to = Math.min(start + part.length, offset + text.data.length);
      if (from < to) {
        const range = document.createRange();
        range.setStart(text, from - offset);
        range.setEnd(text, to - offset);
        for (const box of range.getClientRects()) if (box.width > 0) middles.push(box.top + box.height / 2);
      }
      offset += text.data.length;
    }
    middles.sort((a, b) => a - b);
    return middles.filter((middle, index) => index === 0 || middle - (middles[index - 1] as number) > 6).length;
  }, part);
}

const sidewaysScroll = (page: Page) =>
  page.evaluate(() => (document.scrollingElement as Element).scrollWidth - document.documentElement.clientWidth);

/** The undo link's page, as the link's check answers (the addresses as the server shows them). */
async function openUndo(page: Page, oldEmail: string, newEmail: string): Promise<Locator> {
  await page.route("**/api/email-change/undo/check", (route) => route.fulfill({ json: { isOk: true, oldEmail, newEmail } }));
  await page.goto(`/dsone/account/undo-email-change?token=${"t".repeat(43)}`);
  await expect(page.getByRole("heading", { name: "Undo the Email Change?" })).toBeVisible();
  return page.getByText(/^This makes /);
}

for (const [size, viewport] of Object.entries({ desktop: DESKTOP, phone: PHONE })) {
  test(`on the ${size}, each address in the undo page's sentence stays on one line`, async ({ page }) => {
    await page.setViewportSize(viewport);
    const sentence = await openUndo(page, "pat@example.com", "p…@new.example.org");
    expect(await linesOf(sentence, "pat@example.com")).toBe(1);
    // The full stop too: never left to begin a line of its own.
    expect(await linesOf(sentence, "p…@new.example.org.")).toBe(1);
    expect(await sidewaysScroll(page)).toBe(0);
  });
}

test("an address longer than a phone's line wraps inside the card, with no sideways scroll", async ({ page }) => {
  await page.setViewportSize(PHONE);
  const long = "a.very.long.address.kept.for.many.years@mail.department.of.an.example.org";
  const sentence = await openUndo(page, long, "p…@new.example.org");
  expect(await linesOf(sentence, long)).toBeGreaterThan(1);
  expect(await sidewaysScroll(page)).toBe(0);
});

/**
 * The recent activity's times, in the languages whose dates are longest: never broken ("PM" alone
 * on a line of its own), and the sentences beside them lined up on the desktop.
 */
for (const language of ["en", "de", "pt-BR"]) {
  for (const [size, viewport] of Object.entries({ desktop: DESKTOP, phone: PHONE })) {
    test(`the account's activity times in ${language} on the ${size} each stay on one line`, async ({ page }) => {
      await page.setViewportSize(viewport);
      // Twice, so that the activity has at least two lines to line up.
      for (let time = 0; time < 2; time++) {
        const signIn = await page.request.post("/api/dsone/password-login", {
          data: { Email: "password.customer@example.com", Password: "demo-password" },
        });
        expect(signIn.ok()).toBe(true);
      }
      await page.goto(`/dsone/account?lang=${language}`);
      const rows = page.locator(".account__activity > li");
      await expect(rows.first()).toBeVisible();
      for (const time of await page.locator(".account__activity time").all()) {
        expect(await linesOf(time, (await time.textContent()) as string)).toBe(1);
      }
      // Where this browser is signed in: "since …" and "last used …" each move to a new line whole.
      const details = page.locator(".account__detail");
      await expect(details.first()).toBeVisible();
      for (const detail of await details.all()) {
        expect(await linesOf(detail, (await detail.textContent()) as string)).toBe(1);
      }
      // Each detail on a line of its own: joined on one line with dots, they wrapped in the card
      // and left a dot alone at a line's end.
      const shared = await page.locator(".account__item .account__muted").evaluateAll((lists) =>
        lists.flatMap((list) => {
          const tops = [...list.querySelectorAll(".account__detail")].map((detail) => detail.getBoundingClientRect().top);
          return tops.some((top, index) => index > 0 && top - (tops[index - 1] as number) < 6) ? [list.textContent ?? ""] : [];
        }),
      );
      expect(shared).toEqual([]);
      if (size === "desktop") {
        const starts = await page
          .locator(".account__activity > li > span")
          .evaluateAll((spans) => spans.map((span) => Math.round(span.getBoundingClientRect().left)));
        // Lined up means something only with more than one line to line up.
        expect(starts.length).toBeGreaterThan(1);
        expect(new Set(starts).size).toBe(1);
      }
      expect(await sidewaysScroll(page)).toBe(0);
    });
  }
}
