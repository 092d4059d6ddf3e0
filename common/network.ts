/**
 * Where a sign-in came from, as every screen and mail names it: the network, never the address.
 * An IPv4 address stands as its /24 (203.0.113.7 is "203.0.113.0"), an IPv6 one as its /64
 * ("2001:db8:1:2::/64", the network one customer line is given). Enough for "was that me?", not a
 * street, and nothing a mail forwarded or read over a shoulder gives away. The server's mails, the
 * account page, the "This wasn't me" page, the approval page on the other device and the activity
 * list all say it through this one function, so they say it alike. Taking a network already
 * coarse answers it unchanged; anything that is not an address is answered as it came.
 */
export function networkOf(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  const ipv4 = /^(\d+\.\d+\.\d+)\.\d+$/.exec(mapped ?? address);
  if (ipv4) return `${ipv4[1]}.0`;
  if (!address.includes(":")) return address;
  const groups = ipv6Groups(address.replace(/\/64$/, ""));
  return groups ? `${groups.slice(0, 4).join(":")}::/64` : address;
}

/** An IPv6 address's eight groups, without leading zeros; undefined when it is not one. */
function ipv6Groups(address: string): string[] | undefined {
  const halves = address.toLowerCase().split("::");
  if (halves.length > 2) return undefined;
  const [head = "", tail] = halves;
  const headGroups = head ? head.split(":") : [];
  const tailGroups = tail ? tail.split(":") : [];
  // A trailing embedded IPv4 part takes two groups; the /64 prefix never reaches it.
  const width = (groups: string[]) => groups.reduce((sum, group) => sum + (group.includes(".") ? 2 : 1), 0);
  const missing = 8 - width(headGroups) - width(tailGroups);
  if (missing < 0 || (tail === undefined && missing !== 0)) return undefined;
  const groups = [...headGroups, ...Array.from({ length: missing }, () => "0"), ...tailGroups];
  return groups.map((group) => (group.includes(".") ? group : group.replace(/^0+(?=.)/, "")));
}
