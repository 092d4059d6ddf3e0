import { createAccount, linkDevice } from "../auth/kernel/accounts.ts";
import type { Config } from "../base/config.ts";
import type { Db } from "../db/database.ts";

/** Demo accounts for a new database outside production; printed at start with the URLs to try. */
export const DEMO_PASSWORD = "demo-password";

export const DEMO_ACCOUNTS = [
  { email: "new.customer@example.com", name: "New Customer", note: "passwordless, no license yet" },
  {
    email: "password.customer@example.com",
    name: "Pat Password",
    product: "dsone",
    password: DEMO_PASSWORD,
    note: `DS One, Active, password "${DEMO_PASSWORD}"`,
  },
  {
    email: "safe.customer@example.com",
    name: "Sam Safe",
    product: "maverick",
    password: DEMO_PASSWORD,
    device: "8d9e0f1a-2b3c-4d5e-8f9a-0b1c2d3e4f5a",
    note: `Maverick Safe, Active, with a device, password "${DEMO_PASSWORD}"`,
  },
  {
    email: "licensed.customer@example.com",
    name: "Lee Licensed",
    product: "dsone",
    device: "3f2b8c1e-6a4d-4e0f-9b7a-2c5d8e1f4a60",
    note: "DS One, Active, with a linked device (goes straight to auto-login)",
  },
  {
    email: "desktop.customer@example.com",
    name: "Dee Desktop",
    product: "solveiq",
    password: DEMO_PASSWORD,
    note: "solve IQ only: an existing desktop user",
  },
  {
    email: "ops.admin@example.com",
    name: "Ops Admin",
    password: DEMO_PASSWORD,
    role: "admin",
    note: `an admin: the operations page at /admin and the support console at /admin/support, password "${DEMO_PASSWORD}"`,
  },
  {
    email: "support.agent@example.com",
    name: "Sam Support",
    password: DEMO_PASSWORD,
    role: "support",
    note: `a support agent: the support console at /admin/support, password "${DEMO_PASSWORD}"`,
  },
] as const;

export async function seedDemoData(db: Db): Promise<void> {
  for (const account of DEMO_ACCOUNTS) {
    await createAccount(db, {
      email: account.email,
      name: account.name,
      ...("product" in account ? { product: account.product } : {}),
      ...("password" in account ? { password: account.password } : {}),
      ...("role" in account ? { role: account.role } : {}),
    });
    if ("device" in account) await linkDevice(db, account.email, account.product, account.device);
  }
}

export function demoBanner(config: Config): string {
  const lines = [
    "",
    "Demo accounts (this database was new, so they were created for you):",
    ...DEMO_ACCOUNTS.map((account) => `  ${account.email.padEnd(32)} ${account.note}`),
    "",
    "Try:",
    `  Sign in:             ${config.publicUrl}/dsone/login?ReturnUrl=${encodeURIComponent(`${config.publicUrl}/demo/dsone/my-account`)}`,
    `  Development mailbox: ${config.publicUrl}/dev/mailbox`,
    `  DS One stand-in:     ${config.links.dsoneUi}`,
    "",
  ];
  return lines.join("\n");
}
