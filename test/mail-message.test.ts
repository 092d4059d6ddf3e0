import MailComposer from "nodemailer/lib/mail-composer";
import { describe, expect, it } from "vitest";
import type { Brand } from "../common/brands/brand.ts";
import { BRANDS } from "../common/brands/index.ts";
import { labelled, sayDuration } from "../common/i18n/catalogue.ts";
import { LANGUAGES } from "../common/languages.ts";
import { serverStrings } from "../server/i18n/index.ts";
import { loadEncoders, type MailParts, readyMadeMail } from "../server/mail/message.ts";
import { fromHeader, newMessageId } from "../server/mail/outbox.ts";
import {
  accessLinkMail,
  accountDeletedMail,
  accountDeletionMail,
  confirmationCodeMail,
  emailChangedBackMail,
  emailChangedMail,
  emailChangeMail,
  emailChangeRequestedMail,
  emailInUseMail,
  googleUnlinkedMail,
  type Mail,
  mailLook,
  microsoftUnlinkedMail,
  newSignInMail,
  passkeyAddedMail,
  passwordChangedMail,
  passwordResetMail,
  passwordSetMail,
} from "../server/mail/templates.ts";

const LINK = `https://accounts.example.com/dsone/access?token=${"Ab3_".repeat(11)}`;

/** Every mail the server sends, in one brand and language. */
function everyMail(look: ReturnType<typeof mailLook>): [string, Mail][] {
  return [
    ["access link", accessLinkMail(look, LINK, 1, { code: "123456", lifetimeMs: 15 * 60_000 })],
    ["password reset", passwordResetMail(look, LINK, 3_600_000)],
    ["password changed", passwordChangedMail(look, "https://accounts.example.com/dsone/login")],
    [
      "new sign-in",
      newSignInMail(look, { browser: "Chrome on Windows", network: "203.0.113.7", at: Date.UTC(2026, 10, 25, 19, 30) }, LINK, LINK),
    ],
    ["confirmation code", confirmationCodeMail(look, "123456", "10 minutes")],
    [
      "passkey added",
      passkeyAddedMail(look, { browser: "Chrome on Windows", network: "203.0.113.7", at: Date.UTC(2026, 10, 25, 19, 30) }, LINK),
    ],
    ["account deletion", accountDeletionMail(look, LINK, 3_600_000)],
    ["account deleted", accountDeletedMail(look)],
    ["password set", passwordSetMail(look, "https://accounts.example.com/dsone/login")],
    ["Google unlinked", googleUnlinkedMail(look)],
    ["Microsoft unlinked", microsoftUnlinkedMail(look)],
    ["email change", emailChangeMail(look, "pat@new.example", LINK, 3_600_000, { code: "123456", lifetimeMs: 15 * 60_000 })],
    ["email change asked", emailChangeRequestedMail(look, "p…@new.example", LINK)],
    ["email in use", emailInUseMail(look)],
    ["email changed", emailChangedMail(look, "p…@new.example", LINK, 3_600_000)],
    ["email changed back", emailChangedBackMail(look, "p…@old.example", LINK, 7 * 86_400_000)],
  ];
}

/** The message as nodemailer writes it itself, through its streams. */
async function writtenByNodemailer(mail: MailParts): Promise<string> {
  return (await new MailComposer({ ...mail }).compile().build()).toString("utf8");
}

/** The boundary and date are made afresh for each message: the same message with them set aside. */
function comparable(message: string): string {
  const boundary = message.match(/boundary="([^"]+)"/)?.[1];
  expect(boundary).toBeTruthy();
  return message.replaceAll(boundary as string, "BOUNDARY").replace(/^Date: .*$/m, "Date: DATE");
}

describe("a mail written out in one piece", () => {
  it("is the message nodemailer writes, for every mail, brand and language", async () => {
    const encoders = await loadEncoders();
    let compared = 0;
    for (const brand of BRANDS)
      for (const language of LANGUAGES)
        for (const [name, mail] of everyMail(mailLook(brand, "https://accounts.example.com", language))) {
          const from = fromHeader(brand.name, "no-reply@example.com");
          const parts = { from, to: "customer@example.com", ...mail, messageId: newMessageId(from) };
          const { raw, envelope } = readyMadeMail(encoders, parts);
          expect(comparable(String(raw)), `${brand.id} ${language} ${name}`).toBe(comparable(await writtenByNodemailer(parts)));
          expect(envelope).toEqual({ from: "no-reply@example.com", to: ["customer@example.com"] });
          compared++;
        }
    expect(compared).toBe(BRANDS.length * LANGUAGES.length * 16);
  });

  it("keeps what needs encoding encoded: a name and subject outside ASCII, an address in another script", async () => {
    const encoders = await loadEncoders();
    const parts = {
      from: fromHeader("Maverick Säfe", "no-reply@example.com"),
      to: "kunde@bücher.example",
      subject: "Ihr Anmeldelink für Maverick Säfe",
      text: "Grüße\n.\nA line that begins with a dot, and one that is much longer than seventy-six characters so it must wrap.\n",
      html: "<p>Grüße</p>",
      messageId: "<id-1@example.com>",
    };
    const { raw, envelope } = readyMadeMail(encoders, parts);
    const message = String(raw);
    expect(comparable(message)).toBe(comparable(await writtenByNodemailer(parts)));
    expect(message).toContain("Subject: =?UTF-8?Q?Ihr_Anmeldelink_f=C3=BCr_Maverick_S?=\r\n =?UTF-8?Q?=C3=A4fe?=");
    expect(message).toContain("From: =?UTF-8?Q?Maverick_S=C3=A4fe?= <no-reply@example.com>");
    expect(message).toContain("To: kunde@xn--bcher-kva.example");
    expect(message).toContain("Message-ID: <id-1@example.com>");
    expect(envelope).toEqual({ from: "no-reply@example.com", to: ["kunde@xn--bcher-kva.example"] });
    // Every line within the 78 characters mail is written in.
    expect(message.split(/\r?\n/).every((line) => line.length <= 78)).toBe(true);
  });
});

describe("a mail's header", () => {
  // The gap between the brand's mark and its name sits on the name's side that faces the mark:
  // the left in a left-to-right language, the right in Arabic.
  it.each(BRANDS.flatMap((brand) => LANGUAGES.map((language) => ({ brand, name: brand.name, language }))))(
    "keeps the gap beside the mark: $name in $language",
    ({ brand, language }) => {
      for (const [, mail] of everyMail(mailLook(brand, "https://accounts.example.com", language))) {
        const nameCell = mail.html.match(/<td style="vertical-align:middle;(padding-(left|right)):10px/);
        expect(nameCell?.[1]).toBe(language === "ar" ? "padding-right" : "padding-left");
        expect(mail.html).toContain(`dir="${language === "ar" ? "rtl" : "ltr"}"`);
      }
    },
  );
});

describe("a label and its value in a mail's text part", () => {
  it("take a colon and a space, or in Japanese the full-width colon alone", () => {
    const [dsone] = BRANDS;
    if (!dsone) throw new Error("no brand");
    const english = accessLinkMail(mailLook(dsone, "https://accounts.example.com", "en"), LINK, 1, {
      code: "123456",
      lifetimeMs: 15 * 60_000,
    });
    expect(english.text).toContain(`Sign in: ${LINK}`);
    expect(english.text).toMatch(/: 123 456\n/);
    const japanese = accessLinkMail(mailLook(dsone, "https://accounts.example.com", "ja"), LINK, 1, {
      code: "123456",
      lifetimeMs: 15 * 60_000,
    });
    expect(japanese.text).toContain(`ログイン：${LINK}`);
    expect(japanese.text).toMatch(/：123 456\n/);
    expect(japanese.text).not.toMatch(/[\u3040-\u30ff\u4e00-\u9fff]: /u);
  });
});

describe("a mail's text part", () => {
  it("names the link of a button its sentences tell to press with the button's words", () => {
    // "If it was not you, press This wasn't me": the text part has no button, so the same words
    // must name its link there ("This wasn't me: https://…").
    const pressed = ["new sign-in", "email change asked", "email changed back"];
    for (const brand of BRANDS)
      for (const language of LANGUAGES)
        for (const [name, mail] of everyMail(mailLook(brand, "https://accounts.example.com", language))) {
          if (!pressed.includes(name)) continue;
          const button = /<a href="([^"]+)" style="display:inline-block[^"]*">([^<]+)<\/a>/.exec(mail.html);
          if (!button) throw new Error(`the ${name} mail has no button`);
          const [, href, label] = button.map((html) => html.replaceAll("&#39;", "'").replaceAll("&quot;", '"').replaceAll("&amp;", "&"));
          expect(mail.text, `${name} in ${language}`).toContain(labelled(label as string, href as string));
        }
  });

  it("in Japanese, puts the full-width colon after Japanese words in every mail", () => {
    for (const brand of BRANDS)
      for (const [name, mail] of everyMail(mailLook(brand, "https://accounts.example.com", "ja")))
        expect(mail.text, name).not.toMatch(/[\u3040-\u30ff\u4e00-\u9fff]: /u);
  });
});

describe("the mail to the address an undo replaced", () => {
  it("names the restored address masked, says every browser was signed out, and carries This wasn't me, in each brand and language", () => {
    for (const brand of BRANDS)
      for (const language of LANGUAGES) {
        const look = mailLook(brand, "https://accounts.example.com", language);
        const mail = emailChangedBackMail(look, "p…@old.example", LINK, 7 * 86_400_000);
        const strings = serverStrings(language).mail;
        const plain = mail.text.replace(/[\u2060\u2068\u2069]/g, "");
        expect(mail.subject, language).toBe(strings.emailChangedBack.subject(brand.name));
        expect(plain, language).toContain("p…@old.example");
        expect(plain, language).toContain(labelled(strings.emailChangedBack.action, LINK));
        expect(mail.text, language).toContain(strings.expiry(sayDuration(serverStrings(language).units, 7 * 86_400_000)));
        expect(mail.html, language).toContain(`href="${LINK}"`);
      }
    const english = emailChangedBackMail(
      mailLook(BRANDS[0] as Brand, "https://accounts.example.com", "en"),
      "p…@old.example",
      LINK,
      7 * 86_400_000,
    );
    expect(english.text).toContain("every browser and app was signed out");
    expect(english.text).toContain("changes nothing on your account and signs nobody in");
  });
});
