import { createHash, randomBytes, randomUUID } from "node:crypto";

/** A 256-bit secret, URL-safe: access links, reset codes and session ids. */
export function newSecret(): string {
  return randomBytes(32).toString("base64url");
}

/** Secrets are stored only as their SHA-256: a copy of the database cannot be used to sign in. */
export function hashSecret(secret: string): string {
  return createHash("sha256").update(secret).digest("hex");
}

export function newId(): string {
  return randomUUID();
}

export { looksLikeSecret } from "../../common/secret.ts";
