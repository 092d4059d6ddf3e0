import { describe, expect, it } from "vitest";
import { piecesAroundAddresses } from "./addresses.ts";

describe("piecesAroundAddresses", () => {
  it("cuts a sentence around each address, the punctuation after an address going with it", () => {
    const sentence = "This makes pat@example.com the email of your account again, instead of p…@new.example.org.";
    expect(piecesAroundAddresses(sentence, ["pat@example.com", "p…@new.example.org"])).toEqual([
      { text: "This makes " },
      { address: "pat@example.com", punctuation: "" },
      { text: " the email of your account again, instead of " },
      { address: "p…@new.example.org", punctuation: "." },
    ]);
    expect(piecesAroundAddresses("l'adresse de votre compte, pat@example.com, par", ["pat@example.com"])).toEqual([
      { text: "l'adresse de votre compte, " },
      { address: "pat@example.com", punctuation: "," },
      { text: " par" },
    ]);
  });

  it("finds addresses in any order, at either end, more than once, and between letters", () => {
    expect(piecesAroundAddresses("b@y.orgからa@x.orgに、a@x.org", ["a@x.org", "b@y.org"])).toEqual([
      { address: "b@y.org", punctuation: "" },
      { text: "から" },
      { address: "a@x.org", punctuation: "" },
      { text: "に、" },
      { address: "a@x.org", punctuation: "" },
    ]);
  });

  it("takes the longer of two addresses that begin alike", () => {
    expect(piecesAroundAddresses("from pat@example.com.au to pat@example.com", ["pat@example.com", "pat@example.com.au"])).toEqual([
      { text: "from " },
      { address: "pat@example.com.au", punctuation: "" },
      { text: " to " },
      { address: "pat@example.com", punctuation: "" },
    ]);
  });

  it("leaves a sentence without the addresses whole, and ignores an empty address", () => {
    expect(piecesAroundAddresses("Nothing to see.", ["", "pat@example.com"])).toEqual([{ text: "Nothing to see." }]);
  });
});
