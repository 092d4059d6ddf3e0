import { type LookupAddress, lookup } from "node:dns";
import { BlockList, isIP, type LookupFunction } from "node:net";

/**
 * Where the account server may post a logout token (docs/decisions/0079): in production a public
 * host only, never this machine, a private network, a link-local address (a cloud's metadata
 * service at 169.254.169.254) or the account server itself, unless the operator names the host in
 * BACKCHANNEL_LOGOUT_ALLOWED_HOSTS. An app's address is checked when it is registered and again at
 * every delivery, on the addresses the connection then uses: a name that later points at a private
 * address is refused then.
 */
export interface AddressRule {
  /** Production: only public addresses, bar the allowed hosts. */
  publicOnly: boolean;
  /** The account server's own origins (PUBLIC_URL's), refused everywhere; in production their hosts on any port. */
  ownOrigins: readonly string[];
  /** Hosts the operator allows although they are not public (normalised, see normalHost). */
  allowedHosts: readonly string[];
}

/** Answers every address a host name has (dns.lookup's, as a connection would find them). */
export type ResolveHost = (hostname: string) => Promise<LookupAddress[]>;

export const resolveWithDns: ResolveHost = (hostname) =>
  new Promise((resolve, reject) => lookup(hostname, { all: true }, (error, addresses) => (error ? reject(error) : resolve(addresses))));

/** A logout address refused by the rule: not retried, and said in one line. */
export class AddressRefused extends Error {}

/**
 * Ranges that are not public (RFC 6890 and its successors): this network, private, shared (CGNAT),
 * loopback, link-local, protocol assignments, documentation, benchmarking, multicast, reserved.
 * Node's BlockList matches an IPv4-mapped IPv6 address (::ffff:127.0.0.1) against the IPv4 ranges.
 */
const NOT_PUBLIC_V4: readonly [string, number][] = [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.88.99.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
];

const NOT_PUBLIC_V6: readonly [string, number][] = [
  // Unspecified, loopback and the old IPv4-compatible form.
  ["::", 96],
  ["64:ff9b:1::", 48],
  ["100::", 64],
  // Protocol assignments (Teredo among them), documentation, 6to4 (it embeds any IPv4 address).
  ["2001::", 23],
  ["2001:db8::", 32],
  ["2002::", 16],
  // Unique local, link-local, the old site-local, multicast.
  ["fc00::", 7],
  ["fe80::", 10],
  ["fec0::", 10],
  ["ff00::", 8],
];

const notPublic = new BlockList();
for (const [network, prefix] of NOT_PUBLIC_V4) {
  notPublic.addSubnet(network, prefix, "ipv4");
  // NAT64 (64:ff9b::/96) reaches the IPv4 address it embeds.
  notPublic.addSubnet(`64:ff9b::${network}`, 96 + prefix, "ipv6");
}
for (const [network, prefix] of NOT_PUBLIC_V6) notPublic.addSubnet(network, prefix, "ipv6");

/** Whether an IP address is one anyone on the internet reaches: not loopback, private, link-local or reserved. */
function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  return !notPublic.check(address, family === 4 ? "ipv4" : "ipv6");
}

/**
 * A URL's host as it is compared: the URL parser has already lower-cased it and written every
 * IPv4 form (0x7f000001, 017700000001, 2130706433, 127.1) as four decimals; this drops an IPv6
 * literal's brackets and the trailing dots that name the same host ("account.example.").
 */
export function normalHost(hostname: string): string {
  return hostname.replace(/^\[(.*)\]$/, "$1").replace(/\.+$/, "");
}

/**
 * An entry of BACKCHANNEL_LOGOUT_ALLOWED_HOSTS, normalised as a URL's host is; undefined for
 * anything but a bare host name or address (a scheme, port, path or credentials).
 */
export function allowedHostEntry(entry: string): string | undefined {
  const text = entry.trim();
  if (!text || /[/?#@\\]/.test(text) || !URL.canParse(`https://${text}`)) return undefined;
  const url = new URL(`https://${text}`);
  if (url.port || url.host !== url.hostname) return undefined;
  return normalHost(url.hostname) || undefined;
}

const isLoopbackName = (host: string) => host === "localhost" || host.endsWith(".localhost");

/** Whether `url` is on one of the account server's own origins (in production, their hosts on any port). */
function isOwn(url: URL, rule: AddressRule): boolean {
  const host = normalHost(url.hostname);
  return rule.ownOrigins.some((origin) => {
    const own = new URL(origin);
    if (normalHost(own.hostname) !== host) return false;
    return rule.publicOnly || (own.protocol === url.protocol && own.port === url.port);
  });
}

/**
 * What refuses `url` before any name is resolved: the account server's own origin, and in
 * production a literal address that is not public or a name that always means this machine.
 */
export function refusalOf(url: URL, rule: AddressRule): string | undefined {
  if (isOwn(url, rule)) return "is on the account server's own origin";
  const host = normalHost(url.hostname);
  if (!rule.publicOnly || isAllowed(url, rule)) return undefined;
  if (isLoopbackName(host)) return "is this machine (localhost)";
  if (isIP(host) !== 0 && !isPublicAddress(host)) return `is not a public address (${host} is loopback, private, link-local or reserved)`;
  return undefined;
}

/** Whether `url`'s host is a name whose addresses must still be checked (production, not allowed, not a literal). */
export function needsResolving(url: URL, rule: AddressRule): boolean {
  return isName(url) && rule.publicOnly && !isAllowed(url, rule);
}

export const isName = (url: URL): boolean => isIP(normalHost(url.hostname)) === 0;

const isAllowed = (url: URL, rule: AddressRule): boolean => rule.allowedHosts.includes(normalHost(url.hostname));

const resolvedRefusal = (address: string) =>
  `resolves to ${address}, which is not a public address (loopback, private, link-local or reserved)`;

/**
 * The addresses of `url`'s host when each is public; throws AddressRefused naming the first that
 * is not. Registration asks this of a name (a name that does not resolve yet is left to delivery).
 */
export async function checkResolved(url: URL, resolveHost: ResolveHost): Promise<void> {
  const host = normalHost(url.hostname);
  const refused = (await resolveHost(host)).find((entry) => !isPublicAddress(entry.address));
  if (refused) throw new AddressRefused(resolvedRefusal(refused.address));
}

/**
 * The lookup a delivery's connection uses (node:http's `lookup` option): it resolves the name and,
 * with `check`, refuses it when any of its addresses is not public; the connection goes to the
 * addresses answered here, never to ones a second lookup might answer (DNS rebinding).
 */
export function lookupThrough(resolveHost: ResolveHost, check: boolean): LookupFunction {
  return (hostname, options, callback) => {
    resolveHost(hostname).then(
      (addresses) => {
        const refused = check ? addresses.find((entry) => !isPublicAddress(entry.address)) : undefined;
        if (refused) {
          callback(new AddressRefused(resolvedRefusal(refused.address)), "", 0);
          return;
        }
        const usable = addresses.filter((entry) => !options.family || entry.family === options.family);
        if (options.all) (callback as unknown as (error: null, addresses: LookupAddress[]) => void)(null, usable);
        else if (usable[0]) callback(null, usable[0].address, usable[0].family);
        else callback(Object.assign(new Error(`${hostname} has no address`), { code: "ENOTFOUND" }), "", 0);
      },
      (error: NodeJS.ErrnoException) => callback(error, "", 0),
    );
  };
}
