/**
 * Who may use the support console (/admin/support), given with the operator CLI or by an admin:
 * `support` finds and views customers and takes the customer-facing actions; `admin` also deletes
 * accounts, changes roles and sees the operations page. Everyone else is a customer (no role).
 */
export const ROLES = ["support", "admin"] as const;
export type Role = (typeof ROLES)[number];

export function isRole(value: unknown): value is Role {
  return (ROLES as readonly unknown[]).includes(value);
}

/** The support console's address: one lazy screen, searched and paged by its query. */
export const SUPPORT_SCREEN = "/admin/support";
