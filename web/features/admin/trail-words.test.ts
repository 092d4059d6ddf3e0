import { describe, expect, it } from "vitest";
import { trailWhat } from "./trail-words.ts";

describe("the support console's trail", () => {
  it("says a disputed undo as a sentence that asks support to act", () => {
    expect(trailWhat("email_change_undo_disputed")).toEqual({
      text: "The address an undo replaced says the undo was not theirs. Nothing was moved: check with the customer who holds the account before changing its email.",
      needsSupport: true,
    });
  });

  it("says a mail clearing in words of its own, the reason saying what was cleared", () => {
    expect(trailWhat("mail_cleared")).toEqual({ text: "mail cleared: the address gets mail again", needsSupport: false });
  });

  it("says what Google told us in words of its own", () => {
    expect(trailWhat("google_account_hijacked")).toEqual({
      text: "Google said the Google account was hijacked: every sign-in ended, Google sign-in held, customer mailed",
      needsSupport: false,
    });
  });

  it("names any other entry by its event", () => {
    expect(trailWhat("email_change_undone")).toEqual({ text: "email change undone", needsSupport: false });
  });
});
