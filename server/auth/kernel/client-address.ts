import { isIPv4, isIPv6 } from "node:net";

/** The longest textual IPv6 address (with an embedded IPv4 part) is 45 characters. */
const MAX_ADDRESS_LENGTH = 45;

/** A valid IPv4 or IPv6 address in one canonical spelling, or undefined. */
export function canonicalAddress(value: string | undefined): string | undefined {
  if (!value || value.length > MAX_ADDRESS_LENGTH) return undefined;
  if (isIPv4(value)) return value;
  if (!isIPv6(value)) return undefined;
  const lower = value.toLowerCase();
  // An IPv4 client reaching a dual-stack socket shows up as ::ffff:a.b.c.d: count it as a.b.c.d.
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(lower)?.[1];
  return mapped && isIPv4(mapped) ? mapped : lower;
}

/**
 * The part of an address that identifies one client for counting: an IPv4 address, or the /64
 * network of an IPv6 one (one customer line gets a whole /64 and can pick any address in it).
 */
export function addressForLimits(address: string): string {
  if (!address.includes(":")) return address;
  const groups = expandIPv6(address);
  return groups ? `${groups.slice(0, 4).join(":")}::/64` : address;
}

function expandIPv6(address: string): string[] | undefined {
  const [head = "", tail] = address.split("::");
  const headGroups = head ? head.split(":") : [];
  const tailGroups = tail ? tail.split(":") : [];
  // A trailing embedded IPv4 part takes two groups; the /64 prefix never reaches it.
  const width = (groups: string[]) => groups.reduce((sum, group) => sum + (group.includes(".") ? 2 : 1), 0);
  const missing = 8 - width(headGroups) - width(tailGroups);
  if (tail === undefined && missing !== 0) return undefined;
  const groups = [...headGroups, ...Array.from({ length: Math.max(0, missing) }, () => "0"), ...tailGroups];
  return groups.map((group) => (group.includes(".") ? group : group.replace(/^0+(?=.)/, "")));
}
