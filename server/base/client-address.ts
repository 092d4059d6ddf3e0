import { isIPv4, isIPv6 } from "node:net";
import { networkOf } from "../../common/network.ts";

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
 * What a screen or a mail shows is coarser still for IPv4 (common/network.ts).
 */
export function addressForLimits(address: string): string {
  return address.includes(":") ? networkOf(address) : address;
}
