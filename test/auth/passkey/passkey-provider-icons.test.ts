import { expect, it } from "vitest";
import icons from "../../../server/auth/passkey/passkey-provider-icons.json" with { type: "json" };
import { passkeyProviderIcon, safeIcon } from "../../../server/auth/passkey/passkey-providers.ts";

const svg = (body: string) => `data:image/svg+xml;base64,${Buffer.from(body).toString("base64")}`;

it("keeps only small, inert SVG marks, and every bundled icon is one", () => {
  const entries = Object.entries(icons.icons);
  expect(entries.length).toBeGreaterThan(20);
  for (const [, icon] of entries) {
    expect(safeIcon(icon.light)).toBe(icon.light);
    expect(safeIcon(icon.dark)).toBe(icon.dark);
  }
  expect(passkeyProviderIcon("EA9B8D66-4D01-1D21-3CE4-B6B48CB575D4")?.light).toMatch(/^data:image\/svg\+xml;base64,/);
  expect(passkeyProviderIcon("00000000-0000-0000-0000-000000000000")).toBeUndefined();

  expect(safeIcon(svg('<svg viewBox="0 0 1 1"><path d="M0 0h1v1z"/></svg>'))).toBeDefined();
  for (const bad of [
    "<svg><script>alert(1)</script></svg>",
    '<svg onload="alert(1)"></svg>',
    '<svg><image href="https://tracker.example/x.png"/></svg>',
    '<svg><use xlink:href="https://evil.example/s.svg#a"/></svg>',
    "<svg><foreignObject><div>x</div></foreignObject></svg>",
    "<svg><style>@import url(https://evil.example/x.css)</style></svg>",
    '<svg><rect fill="url(https://evil.example/p)"/></svg>',
  ])
    expect(safeIcon(svg(bad))).toBeUndefined();
  expect(safeIcon("data:image/png;base64,iVBORw0KGgo=")).toBeUndefined();
  expect(safeIcon(svg(`<svg>${"<g/>".repeat(10_000)}</svg>`))).toBeUndefined();
});

it("refuses active content however it is spelled: prefixed, entity-encoded, or declared", () => {
  for (const bad of [
    '<svg xmlns:svg="http://www.w3.org/2000/svg"><svg:script>alert(1)</svg:script></svg>',
    "<svg><x:foreignObject/></svg>",
    '<svg><a href="java&#115;cript:alert(1)"><path/></a></svg>',
    '<svg><a href="&#x6a;avascript:alert(1)"><path/></a></svg>',
    '<!DOCTYPE svg [<!ENTITY x "y">]><svg>&x;</svg>',
    "<svg><a href=https://evil.example/><path/></a></svg>",
  ])
    expect(safeIcon(svg(bad)), bad).toBeUndefined();
});
