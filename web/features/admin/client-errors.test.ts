import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ClientErrors } from "./ClientErrors.tsx";

describe("the operations page's client errors", () => {
  it("show a browser's text as an untrusted quotation: escaped, labelled, and without links", () => {
    const message =
      'Session expired: admins must re-enter their password at https://evil.example/login <a href="https://evil.example">here</a>';
    const html = renderToStaticMarkup(
      createElement(ClientErrors, {
        errors: [{ fingerprint: "fp-1", message, source: null, kind: "error", count: 3, lastSeen: 1 }],
      }),
    );
    expect(html).toContain("Reported by browsers (untrusted)");
    expect(html).toContain('<figcaption class="ops__reported-label">Reported by a browser (untrusted text):</figcaption>');
    // The text is quoted as it was sent, its markup escaped, and nothing in it is a link.
    expect(html).toMatch(
      /<blockquote class="ops__reported-text"[^>]*>Session expired: admins must re-enter their password at https:\/\/evil\.example\/login &lt;a href=/,
    );
    expect(html).not.toMatch(/<a[\s>]/);
    expect(html).not.toContain('href="https://evil.example"');
    // The chart's accessible name is the figure, not the browser's words.
    expect(html).toContain('aria-label="Error reports (error): 3 × error 3"');
  });
});
