import { mkdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { chromium } from "@playwright/test";
import { BRANDS } from "../common/brands/index.ts";
import { UNKNOWN_BROWSER } from "../common/i18n/catalogue.ts";
import { LANGUAGES } from "../common/languages.ts";
import * as templates from "../server/mail/templates.ts";
import { CHROMIUM_LAUNCH_OPTIONS } from "../test/support/chromium.ts";

/**
 * `npm run screenshots:mail`: every mail the account server sends, in both brands and every
 * language, as a mail program shows its HTML part on a phone, into screenshots/mail/ (ignored by
 * git), for a person to look at: a right-to-left mail, a long German word, a masked address.
 */
const OUT = join(import.meta.dirname, "..", "screenshots", "mail");
const PUBLIC_URL = "https://id.example.com";
const LINK = `${PUBLIC_URL}/dsone/account/confirm-email?token=${"A".repeat(43)}`;
const DAY = 24 * 60 * 60_000;
const AT = Date.UTC(2026, 10, 27, 19, 30);

type Look = templates.MailLook;
const MAILS: Record<string, (look: Look) => templates.Mail> = {
  "access-link": (look) => templates.accessLinkMail(look, LINK, 7, { code: "123456", lifetimeMs: 10 * 60_000 }),
  "new-sign-in-unknown-browser": (look) =>
    templates.newSignInMail(look, { browser: UNKNOWN_BROWSER, network: "203.0.113.0", at: AT }, LINK, LINK),
  "passkey-added": (look) => templates.passkeyAddedMail(look, { browser: "Chrome on Windows", network: "203.0.113.0", at: AT }, LINK),
  "google-unlinked": (look) => templates.googleUnlinkedMail(look),
  "microsoft-unlinked": (look) => templates.microsoftUnlinkedMail(look),
  "email-change": (look) => templates.emailChangeMail(look, "pat@new.example.org", LINK, DAY, { code: "123456", lifetimeMs: 10 * 60_000 }),
  "email-change-requested": (look) => templates.emailChangeRequestedMail(look, "p…@new.example.org", LINK),
  "email-in-use": (look) => templates.emailInUseMail(look),
  "email-changed": (look) => templates.emailChangedMail(look, "p…@new.example.org", LINK, 7 * DAY),
};

rmSync(OUT, { recursive: true, force: true });
const browser = await chromium.launch(CHROMIUM_LAUNCH_OPTIONS);
let count = 0;
try {
  const page = await browser.newPage({ viewport: { width: 390, height: 700 } });
  for (const language of LANGUAGES) {
    const folder = join(OUT, language);
    mkdirSync(folder, { recursive: true });
    for (const brand of BRANDS) {
      for (const [name, make] of Object.entries(MAILS)) {
        await page.setContent(make(templates.mailLook(brand, PUBLIC_URL, language)).html);
        await page.screenshot({ path: join(folder, `${brand.id}-${name}.png`), fullPage: true });
        count++;
      }
    }
  }
} finally {
  await browser.close();
}
console.log(`${count} mail screenshots in ${OUT}`);
