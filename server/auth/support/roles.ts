import { isRole, type Role } from "../../../common/roles.ts";
import type { Config } from "../../base/config.ts";
import type { Db } from "../../db/database.ts";
import { accountRole } from "../kernel/accounts.ts";
import type { Caller } from "../kernel/caller.ts";
import { currentAccount } from "../kernel/sessions.ts";

/** Who is asking, as the console and the operations page see it (common/roles.ts). */
export type StaffAccess =
  | { kind: "not-signed-in" }
  | { kind: "customer"; accountId: string }
  | { kind: "staff"; role: Role; accountId: string; email: string };

/** The signed-in account's role, read afresh on every request: a role taken away ends at once. */
export async function staffAccess(db: Db, config: Config, caller: Caller): Promise<StaffAccess> {
  const account = await currentAccount(db, config, caller);
  if (!account) return { kind: "not-signed-in" };
  const row = await accountRole(db, account.accountId);
  return isRole(row?.role)
    ? { kind: "staff", role: row.role, accountId: account.accountId, email: account.email }
    : { kind: "customer", accountId: account.accountId };
}

/** Whether the request comes from a signed-in admin, another signed-in account, or nobody signed in. */
export async function adminAccess(db: Db, config: Config, caller: Caller): Promise<"admin" | "customer" | "not-signed-in"> {
  const access = await staffAccess(db, config, caller);
  if (access.kind === "not-signed-in") return "not-signed-in";
  return access.kind === "staff" && access.role === "admin" ? "admin" : "customer";
}
