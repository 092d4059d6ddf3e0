import { readFileSync } from "node:fs";
import { join } from "node:path";

let commonPasswords: Set<string> | undefined;

/**
 * Whether a password is on the shipped list of the most common breached passwords
 * (server/auth/password/common-passwords.txt; NIST SP 800-63B asks new passwords to be checked against
 * one). Case does not help: "Password1" is as common as "password1". The list stays on the
 * server: it is far too large for the login page's budget.
 */
export function isCommonPassword(password: string): boolean {
  commonPasswords ??= new Set(
    readFileSync(join(import.meta.dirname, "common-passwords.txt"), "utf8")
      .split("\n")
      .filter((line) => line !== "" && !line.startsWith("#")),
  );
  return commonPasswords.has(password.toLowerCase());
}
