/**
 * The approximate place an address stands for: an IPv4 address's /24 (203.0.113.0), or the /64
 * the server keeps of an IPv6 one. Enough for "was that me?", not a street. The account page and
 * the link page opened on another device say it alike.
 */
export function networkOf(address: string): string {
  const ipv4 = /^(\d+\.\d+\.\d+)\.\d+$/.exec(address);
  return ipv4 ? `${ipv4[1]}.0` : address;
}
