import { expect, it } from "vitest";
import { BRANDS } from "../common/brands/index.ts";
import { LANGUAGES } from "../common/languages.ts";
import { accessLinkMail, confirmationCodeMail, mailLook, passwordResetMail } from "../server/mail/templates.ts";

/**
 * Phones' mail apps offer a mail's code on the keyboard when its last line binds it to the site
 * (`@host #123456`, the origin-bound one-time code format): every language's sign-in and
 * confirmation mail ends so, and only a mail with a code does.
 */
it("ends every language's code mail with the origin-bound code line, and only those", () => {
  for (const brand of BRANDS)
    for (const language of LANGUAGES) {
      const look = mailLook(brand, "https://accounts.example.com", language);
      const withCode = accessLinkMail(look, "https://accounts.example.com/x?token=t", 1, { code: "042917", lifetimeMs: 600_000 });
      expect(withCode.text.trimEnd().split("\n").at(-1)).toBe("@accounts.example.com #042917");
      expect(confirmationCodeMail(look, "731004", "10 minutes").text.trimEnd().split("\n").at(-1)).toBe("@accounts.example.com #731004");
      expect(accessLinkMail(look, "https://accounts.example.com/x?token=t", 1).text).not.toMatch(/^@accounts/m);
      expect(passwordResetMail(look, "https://accounts.example.com/r", 3_600_000).text).not.toMatch(/^@accounts/m);
    }
});
