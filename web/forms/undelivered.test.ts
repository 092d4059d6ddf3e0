import { describe, expect, it } from "vitest";
import { LANGUAGES } from "../../common/languages.ts";
import { UNDELIVERED_REASONS } from "../../common/undelivered.ts";
import { HttpError } from "../api/http.ts";
import type { strings as english } from "../i18n/en/undelivered.ts";
import { asUndelivered, undeliverableIn } from "./undelivered.ts";

describe("what a sign-in screen is told of mail that did not arrive", () => {
  it("takes the reason and the reference the server gives", () => {
    expect(asUndelivered({ state: "undelivered", reason: "mailbox_full", reference: "3F9A12BC0D" })).toEqual({
      reason: "mailbox_full",
      reference: "3F9A12BC0D",
    });
  });

  it("says a reason it has no words for as 'other', and drops a reference that is no short code", () => {
    expect(asUndelivered({ reason: "greylisted", reference: "<b>support</b>" })).toEqual({ reason: "other", reference: null });
    expect(asUndelivered({ reason: "blocked" })).toEqual({ reason: "blocked", reference: null });
  });

  it("is nothing when there is no reason at all (an older entry of the history, a stray state)", () => {
    expect(asUndelivered(undefined)).toBeUndefined();
    expect(asUndelivered("no_mailbox")).toBeUndefined();
    expect(asUndelivered({ reference: "3F9A12BC0D" })).toBeUndefined();
  });

  it("reads an EMAIL_UNDELIVERABLE refusal's details, and no other refusal", () => {
    const refusal = (code: string, data: unknown) => new HttpError(409, code, "Our email to this address could not be delivered", { data });
    expect(
      undeliverableIn(
        refusal("EMAIL_UNDELIVERABLE", { code: "EMAIL_UNDELIVERABLE", message: "…", reason: "no_mailbox", reference: "ABC" }),
      ),
    ).toEqual({ reason: "no_mailbox", reference: "ABC" });
    // A refusal whose details were lost (a proxy's body) still says the address is undeliverable.
    expect(undeliverableIn(refusal("EMAIL_UNDELIVERABLE", undefined))).toEqual({ reason: "other", reference: null });
    expect(undeliverableIn(refusal("RATE_LIMITED", { reason: "no_mailbox" }))).toBeUndefined();
    expect(undeliverableIn(new Error("Network Error"))).toBeUndefined();
  });

  it("has words for every reason the server gives, in every language", async () => {
    for (const language of LANGUAGES) {
      const { strings } = (await import(`../i18n/${language}/undelivered.ts`)) as { strings: typeof english };
      expect(Object.keys(strings.undelivered.reasons).sort(), language).toEqual([...UNDELIVERED_REASONS].sort());
    }
  });
});
