import type { Kysely } from "kysely";
import { BRANDS, type Brand, brandForProduct, dsone } from "../../../common/brands/index.ts";
import type { Database } from "../../db/schema.ts";
import { brandColumnsOf, setLastBrand } from "./accounts.ts";

/**
 * The brand of an account's mail when no page names one: an operator's or support's mail, a
 * deletion's goodbye, a form that sends no product (docs/decisions/0075). One rule, here alone:
 *
 * 1. the brand the customer last signed in through (accounts.last_brand, written by each sign-in
 *    that names one): the product they are using now;
 * 2. else the brand of the account's first license, by the date it was granted (solve IQ's is
 *    DS One's); of two granted on the same millisecond, the lower product id;
 * 3. else DS One.
 *
 * A brand id no longer registered counts as none, so the account falls back to its licenses.
 */
export async function accountBrand(db: Kysely<Database>, accountId: string): Promise<Brand> {
  const row = await brandColumnsOf(db, accountId);
  const lastSignedIn = BRANDS.find((brand) => brand.id === row?.last_brand);
  if (lastSignedIn) return lastSignedIn;
  const firstProduct = row?.first_product_id;
  return firstProduct === null || firstProduct === undefined ? dsone : brandForProduct(Number(firstProduct));
}

/**
 * Remembers the brand a sign-in was made through, for accountBrand. Only a change is written, so a
 * customer who keeps signing in through one brand costs no write. A plain update without RETURNING:
 * it goes into writeTogether's one statement beside the session it belongs to.
 */
export async function rememberSignInBrand(handle: Kysely<Database>, accountId: string, brandId: string): Promise<void> {
  await setLastBrand(handle, accountId, brandId);
}
