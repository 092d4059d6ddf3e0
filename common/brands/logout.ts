import type { ClientConfig } from "../client-config.ts";
import type { Brand } from "./brand.ts";

/** Where a brand's logout ends: its configured address, with the device's uuid where the brand wants it. */
export function addressAfterLogout(brand: Brand, links: ClientConfig["links"], uuid: string | null): string {
  const address = links[brand.afterLogout.link];
  if (!brand.afterLogout.withUuid || !uuid) return address;
  return `${address}${address.includes("?") ? "&" : "?"}uuid=${encodeURIComponent(uuid)}`;
}
