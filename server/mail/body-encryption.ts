import { createCipheriv, createDecipheriv, createHmac, createSecretKey, hkdfSync, type KeyObject, randomBytes } from "node:crypto";
import { linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";

/**
 * A queued mail's bodies carry a usable link and code, and a database keeps what it once held
 * (SQLite's WAL and freed pages, PostgreSQL's dead row versions, every backup). So the bodies are
 * stored only encrypted, with a key that is not in the database: MAIL_KEYS, or outside production
 * a key file beside the data (docs/decisions/0053-mail-bodies-encrypted-at-rest.md).
 *
 * An envelope is `v1.<iv>.<tag>.<ciphertext>`, each part base64url: AES-256-GCM under the first
 * key, a random 12-byte IV per body, and the row it belongs to as associated data, so a body moved
 * to another row (another recipient) no longer opens.
 */
const VERSION = "v1";
const KEY_BYTES = 32;
const IV_BYTES = 12;

/** Where mail keys come from: the configuration (MAIL_KEYS, or the development key file). */
export interface MailKeySettings {
  /** Base64 keys of 32 bytes, the newest first: it encrypts, every one decrypts. */
  mailKeys: readonly string[];
  /** Outside production without MAIL_KEYS: the file that holds the key, created when missing. */
  mailKeyFile: string | undefined;
}

/** A key as MAIL_KEYS or the key file gives it: 32 bytes in base64 (or base64url). */
function parseMailKey(text: string): Buffer | undefined {
  const trimmed = text.trim();
  if (!/^[A-Za-z0-9+/_-]+={0,2}$/.test(trimmed)) return undefined;
  const key = Buffer.from(trimmed, "base64");
  return key.length === KEY_BYTES ? key : undefined;
}

/** A body that is not an envelope, or that no configured key opens. */
export class MailBodyError extends Error {}

export class MailKeys {
  /** Key objects, made once: a cipher given the raw bytes makes one each time, a third of a seal's cost. */
  readonly #keys: KeyObject[];

  constructor(keys: Buffer[]) {
    if (keys.length === 0 || keys.some((key) => key.length !== KEY_BYTES)) throw new Error("mail keys must be 32 bytes each");
    this.#keys = keys.map((key) => createSecretKey(key));
  }

  seal(text: string, context: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv("aes-256-gcm", this.#keys[0] as KeyObject, iv);
    cipher.setAAD(Buffer.from(context, "utf8"));
    const ciphertext = Buffer.concat([cipher.update(text, "utf8"), cipher.final()]);
    return [VERSION, iv.toString("base64url"), cipher.getAuthTag().toString("base64url"), ciphertext.toString("base64url")].join(".");
  }

  /**
   * HMAC-SHA-256 of `data` under a key derived from each mail key for `purpose` (HKDF), newest key
   * first: the first signs, any of them verifies, so a rotation keeps what the older key signed.
   */
  macs(purpose: string, data: string): Buffer[] {
    let derived = this.#derived.get(purpose);
    if (!derived) {
      // Derived once per purpose: a derivation costs more than the HMAC it keys, on every mail sent.
      derived = this.#keys.map((key) =>
        createSecretKey(Buffer.from(hkdfSync("sha256", key.export(), Buffer.alloc(0), purpose, KEY_BYTES))),
      );
      this.#derived.set(purpose, derived);
    }
    return derived.map((key) => createHmac("sha256", key).update(data, "utf8").digest());
  }

  readonly #derived = new Map<string, KeyObject[]>();

  /** The text of an envelope sealed for `context` by any of the keys; throws MailBodyError otherwise. */
  open(envelope: string, context: string): string {
    const parts = envelope.split(".");
    if (parts.length !== 4 || parts[0] !== VERSION) throw new MailBodyError("the mail body is not encrypted (not a v1 envelope)");
    const [iv, tag, ciphertext] = parts.slice(1).map((part) => Buffer.from(part, "base64url")) as [Buffer, Buffer, Buffer];
    if (iv.length !== IV_BYTES || tag.length !== 16) throw new MailBodyError("the mail body's envelope is damaged");
    for (const key of this.#keys) {
      const decipher = createDecipheriv("aes-256-gcm", key, iv);
      decipher.setAAD(Buffer.from(context, "utf8"));
      decipher.setAuthTag(tag);
      try {
        return Buffer.concat([decipher.update(ciphertext), decipher.final()]).toString("utf8");
      } catch {
        // Not this key (or not this row): try the next.
      }
    }
    throw new MailBodyError("no key in MAIL_KEYS opens the mail body (was the key that encrypted it removed or lost?)");
  }
}

/** Associated data binding a body to its row and recipient: `outbox:<id>:<to>:text`. */
export function bodyContext(table: "outbox" | "dev_mailbox", row: { id: string; to_address: string }, part: "text" | "html"): string {
  return `${table}:${row.id}:${row.to_address}:${part}`;
}

const loaded = new WeakMap<MailKeySettings, MailKeys>();

/** The keys of these settings, read once (the key file is created on first use). */
export function mailKeysFor(settings: MailKeySettings): MailKeys {
  let keys = loaded.get(settings);
  if (!keys) {
    keys = new MailKeys(
      settings.mailKeys.length > 0 ? settings.mailKeys.map((text) => parseMailKey(text) as Buffer) : [keyFromFile(settings.mailKeyFile)],
    );
    loaded.set(settings, keys);
  }
  return keys;
}

/**
 * Reads the development key file, or creates it (owner-only) with a new random key. Written to a
 * file of its own and linked into place, so instances starting together agree on one key.
 */
function keyFromFile(path: string | undefined): Buffer {
  if (!path) throw new Error("MAIL_KEYS is not set");
  const read = (): Buffer => {
    const key = parseMailKey(readFileSync(path, "utf8"));
    if (!key) throw new Error(`${path} does not hold a mail key (32 bytes in base64); delete it to have a new one made`);
    return key;
  };
  try {
    return read();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  mkdirSync(dirname(path), { recursive: true });
  const temporary = `${path}.${process.pid}.${randomBytes(6).toString("hex")}`;
  writeFileSync(temporary, `${randomBytes(KEY_BYTES).toString("base64")}\n`, { mode: 0o600 });
  try {
    linkSync(temporary, path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  } finally {
    rmSync(temporary, { force: true });
  }
  return read();
}
