import { BRANDS } from "../../common/brands/index.ts";
import type { Db } from "./database.ts";

/**
 * Every registered brand's product exists in the products table, which links, licenses and
 * devices refer to: the first migration wrote DS One's and Maverick Safe's, and a brand added
 * later (a new file in common/brands) gets its row at the next start.
 */
export async function registerBrandProducts(db: Db): Promise<void> {
  for (const brand of BRANDS) {
    await db
      .insertInto("products")
      .values({ id: brand.productId, code: brand.id, name: brand.name })
      .onConflict((conflict) => conflict.column("id").doNothing())
      .execute();
  }
}
