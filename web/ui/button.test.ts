import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Button, type ButtonProps, type ButtonVariant } from "./Button.tsx";

/**
 * The shared button (SPEC section 9): its style variants, aria label, id or QA tag, type and
 * disabled flag. Its look (rounded, 55 % opacity and a not-allowed cursor when disabled, each
 * variant's colours) is e2e/spec-rows-b.spec.ts's, in a browser. Variants no screen uses yet
 * (gray without border, transparent white, link in white and gray) are shown here with the rest.
 */
const SPEC_VARIANTS: [string, ButtonVariant][] = [
  ["green", "green"],
  ["blue", "blue"],
  ["clear", "clear"],
  ["gray", "gray"],
  ["gray without border", "gray-borderless"],
  ["transparent white", "transparent-white"],
  ["link in white", "link-white"],
  ["link in gray", "link-gray"],
  ["link in blue", "link-blue"],
];

function render(props: Omit<ButtonProps, "children">, text = "Go"): HTMLish {
  const html = renderToStaticMarkup(createElement(Button, props as ButtonProps, text));
  const tag = /^<button([^>]*)>(.*)<\/button>$/s.exec(html);
  if (!tag) throw new Error(`not a button: ${html}`);
  const attributes = Object.fromEntries([...(tag[1] ?? "").matchAll(/ ([\w-]+)(?:="([^"]*)")?/g)].map((m) => [m[1], m[2] ?? ""]));
  return { attributes, text: tag[2] ?? "" };
}
interface HTMLish {
  attributes: Record<string, string>;
  text: string;
}

describe("the shared button", () => {
  it.each(SPEC_VARIANTS)("variant %s has its own style class", (_name, variant) => {
    expect(render({ variant }).attributes.class).toBe(`button button--${variant}`);
  });

  it("the nine variants of the specification are nine different styles", () => {
    const classes = new Set(SPEC_VARIANTS.map(([, variant]) => render({ variant }).attributes.class));
    expect(classes.size).toBe(9);
  });

  it("is green and a plain button unless told otherwise", () => {
    expect(render({})).toEqual({ attributes: { type: "button", class: "button button--green", disabled: "" }, text: "Go" });
  });

  it("takes an aria label, an id, a QA tag, a type and extra classes", () => {
    const { attributes, text } = render(
      { ariaLabel: "Close the dialog", id: "close-dialog", qaTag: "dialog-close", type: "submit", className: "button--wide" },
      "×",
    );
    expect(attributes).toMatchObject({
      "aria-label": "Close the dialog",
      id: "close-dialog",
      "data-qa": "dialog-close",
      type: "submit",
      class: "button button--green button--wide",
    });
    expect(text).toBe("×");
  });

  it("with none of them, renders no empty aria label, id or QA tag", () => {
    const { attributes } = render({ variant: "blue" });
    expect(Object.keys(attributes).sort()).toEqual(["class", "disabled", "type"]);
  });

  it("rendered ahead of the app, is disabled until the app takes over the page, whatever its flag", () => {
    // platform/hydration.ts; in the browser (e2e/spec-rows-b.spec.ts) the flag alone decides.
    expect(render({ disabled: true }).attributes.disabled).toBe("");
    expect(render({ disabled: false }).attributes.disabled).toBe("");
  });
});
