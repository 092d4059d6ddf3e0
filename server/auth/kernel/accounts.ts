import { type Expression, type ExpressionBuilder, type Kysely, type Selectable, sql } from "kysely";
import { isValidEmail, normalizeEmail } from "../../../common/email.ts";
import { MIN_PASSWORD_LENGTH } from "../../../common/password-rules.ts";
import { DSONE_PRODUCT_ID, LICENSE_STATES, type LicenseState, PRODUCTS, type ProductCode } from "../../../common/products.ts";
import { isRole, type Role } from "../../../common/roles.ts";
import { isValidUuid } from "../../../common/uuid.ts";
import type { Db } from "../../db/database.ts";
import { reusableQuery } from "../../db/reusable-query.ts";
import type { Database } from "../../db/schema.ts";
import { hashPassword } from "../../secrets/passwords.ts";
import { newId } from "../../secrets/tokens.ts";
import { type AuditSource, recordAuditEvent } from "./audit-trail.ts";

/**
 * Accounts, their licenses and their devices: what the operator CLI, the demo seed and the sign-in
 * flows share. Each function checks its input and throws AccountInputError with a one-line reason
 * before it writes anything.
 */
export class AccountInputError extends Error {}

export interface AccountSummary {
  id: string;
  email: string;
  name: string;
  role: Role | null;
  disabled: boolean;
  hasPassword: boolean;
  licenses: { product: ProductCode; state: string }[];
  devices: { uuid: string; product: ProductCode }[];
}

export interface NewAccount {
  email: string;
  password?: string;
  name?: string;
  product?: ProductCode;
  role?: Role;
}

function checkEmail(email: string): string {
  const trimmed = email.trim();
  if (!isValidEmail(trimmed)) throw new AccountInputError(`"${email}" is not a valid email address`);
  return trimmed;
}

function productId(code: string): number {
  if (!Object.hasOwn(PRODUCTS, code)) {
    throw new AccountInputError(`unknown product "${code}" (use ${Object.keys(PRODUCTS).join(", ")})`);
  }
  return PRODUCTS[code as ProductCode].id;
}

export function productCode(id: number): ProductCode {
  return (Object.keys(PRODUCTS) as ProductCode[]).find((code) => PRODUCTS[code].id === id) ?? "dsone";
}

export async function findAccountByEmail(db: Db, email: string) {
  return db.selectFrom("accounts").selectAll().where("email_key", "=", normalizeEmail(email)).executeTakeFirst();
}

/**
 * An account whose licenses are all of the earlier desktop product (solve IQ) is an existing
 * desktop user: it signs in on the desktop sign-in page (docs/decisions/0003-existing-desktop-users.md).
 * The rule as a column of an account row, so a query that reads the account answers it too.
 */
function existingDesktopUser(eb: ExpressionBuilder<Database, "accounts">) {
  const licenses = () => eb.selectFrom("licenses").select("licenses.product_id").whereRef("licenses.account_id", "=", "accounts.id");
  return eb
    .and([eb.exists(licenses()), eb.not(eb.exists(licenses().where("licenses.product_id", "<>", PRODUCTS.solveiq.id)))])
    .as("existing_desktop_user");
}

/** SQLite answers a condition with 1 or 0, PostgreSQL with true or false. */
const yes = (answer: unknown): boolean => Boolean(Number(answer));

/** Whether the account is an existing desktop user (the rule above). */
export async function isExistingDesktopUser(db: Db, accountId: string): Promise<boolean> {
  const row = await db.selectFrom("accounts").select(existingDesktopUser).where("id", "=", accountId).executeTakeFirst();
  return yes(row?.existing_desktop_user);
}

/**
 * An account as a request for a sign-in link reads it (disabled, an existing desktop user), from
 * its row with the `existing_desktop_user` column: known-origins.ts reads it in the same query as
 * the owner's origins, since at a burst of sign-ins every round trip counts.
 */
export function selectAccountForSignIn(db: Kysely<Database>, emailKey: string) {
  return db.selectFrom("accounts").selectAll("accounts").select(existingDesktopUser).where("accounts.email_key", "=", emailKey);
}

export type SignInAccount = Selectable<Database["accounts"]> & { existingDesktopUser: boolean };

export function signInAccountOf(row: Selectable<Database["accounts"]> & { existing_desktop_user: unknown }): SignInAccount {
  const { existing_desktop_user, ...account } = row;
  return { ...account, existingDesktopUser: yes(existing_desktop_user) };
}

/** Creates an account; with a product, the account also gets an Active license for it. */
export async function createAccount(db: Db, input: NewAccount): Promise<AccountSummary> {
  const email = checkEmail(input.email);
  const product = input.product === undefined ? undefined : productId(input.product);
  if (input.password !== undefined && input.password.length < MIN_PASSWORD_LENGTH) {
    throw new AccountInputError(`the password must be at least ${MIN_PASSWORD_LENGTH} characters long`);
  }
  if (await findAccountByEmail(db, email)) throw new AccountInputError(`an account for ${email} already exists`);
  const passwordHash = input.password === undefined ? null : await hashPassword(input.password);
  const id = newId();
  const now = Date.now();
  await db.transaction().execute(async (tx) => {
    await tx
      .insertInto("accounts")
      .values({
        id,
        email,
        email_key: normalizeEmail(email),
        password_hash: passwordHash,
        name: input.name ?? "",
        role: input.role ?? null,
        created_at: now,
      })
      .execute();
    if (product !== undefined) {
      await tx
        .insertInto("licenses")
        .values({ account_id: id, product_id: product, state: "Active", updated_at: now, created_at: now })
        .execute();
    }
  });
  return (await showAccount(db, email)) as AccountSummary;
}

/** The account of an email the operator typed, or AccountInputError saying why there is none. */
export async function requireAccount(db: Db, email: string) {
  const account = await findAccountByEmail(db, checkEmail(email));
  if (!account) throw new AccountInputError(`no account for ${email.trim()}`);
  return account;
}

/** Sets (or, with state "none", removes) the account's license for a product. */
export async function setLicense(db: Db, email: string, product: string, state: string, source?: AuditSource): Promise<void> {
  const id = productId(product);
  if (state !== "none" && !(LICENSE_STATES as readonly string[]).includes(state)) {
    throw new AccountInputError(`unknown license state "${state}" (use ${LICENSE_STATES.join(", ")} or none)`);
  }
  const account = await requireAccount(db, email);
  await db.transaction().execute(async (tx) => {
    if (state === "none") {
      await tx.deleteFrom("licenses").where("account_id", "=", account.id).where("product_id", "=", id).execute();
    } else {
      const now = Date.now();
      // A change of state keeps the date the license was first given (created_at).
      await tx
        .insertInto("licenses")
        .values({ account_id: account.id, product_id: id, state: state as LicenseState, updated_at: now, created_at: now })
        .onConflict((conflict) => conflict.columns(["account_id", "product_id"]).doUpdateSet({ state, updated_at: now }))
        .execute();
    }
    if (source) await recordAuditEvent(tx, { event: "license_changed", accountId: account.id, reason: `${product}: ${state}` }, source);
  });
}

/** Links a device (the desktop agent's UUID) to an account for a product. */
export async function linkDevice(db: Db, email: string, product: string, uuid: string, source?: AuditSource): Promise<void> {
  const id = productId(product);
  if (!isValidUuid(uuid)) throw new AccountInputError(`"${uuid}" is not a UUID`);
  const account = await requireAccount(db, email);
  const existing = await db.selectFrom("devices").select("account_id").where("uuid", "=", uuid.toLowerCase()).executeTakeFirst();
  if (existing && existing.account_id !== account.id) throw new AccountInputError(`device ${uuid} belongs to another account`);
  if (existing) return;
  await db.transaction().execute(async (tx) => {
    await tx
      .insertInto("devices")
      .values({ uuid: uuid.toLowerCase(), account_id: account.id, product_id: id, created_at: Date.now() })
      .execute();
    if (source)
      await recordAuditEvent(tx, { event: "device_linked", accountId: account.id, reason: `${product}: ${uuid.toLowerCase()}` }, source);
  });
}

export async function showAccount(db: Db, email: string): Promise<AccountSummary | undefined> {
  const account = await findAccountByEmail(db, email);
  if (!account) return undefined;
  const [licenses, devices] = await Promise.all([
    db.selectFrom("licenses").select(["product_id", "state"]).where("account_id", "=", account.id).orderBy("product_id").execute(),
    db.selectFrom("devices").select(["uuid", "product_id"]).where("account_id", "=", account.id).orderBy("created_at").execute(),
  ]);
  return {
    id: account.id,
    email: account.email,
    name: account.name,
    role: isRole(account.role) ? account.role : null,
    disabled: account.disabled_at !== null,
    hasPassword: account.password_hash !== null,
    licenses: licenses.map((license) => ({ product: productCode(license.product_id), state: license.state })),
    devices: devices.map((device) => ({ uuid: device.uuid, product: productCode(device.product_id) })),
  };
}

/** An account's licenses with their products' codes, by product: the account page and the data export. */
export function licensesWithProducts(db: Db, accountId: string) {
  return db
    .selectFrom("licenses")
    .innerJoin("products", "products.id", "licenses.product_id")
    .select(["products.code", "licenses.state", "licenses.created_at", "licenses.updated_at"])
    .where("licenses.account_id", "=", accountId)
    .orderBy("products.id")
    .execute();
}

/** An account's devices with their products' codes and their notification setting, oldest first: the data export. */
export function devicesWithSettings(db: Db, accountId: string) {
  return db
    .selectFrom("devices")
    .innerJoin("products", "products.id", "devices.product_id")
    .leftJoin("device_settings", "device_settings.uuid", "devices.uuid")
    .select(["devices.uuid", "products.code", "devices.created_at", "device_settings.show_notifications"])
    .where("devices.account_id", "=", accountId)
    .orderBy("devices.created_at")
    .execute();
}

/** An account's licenses as stored, by product: the support console. */
export function licensesOf(db: Db, accountId: string) {
  return db
    .selectFrom("licenses")
    .select(["product_id", "state", "created_at", "updated_at"])
    .where("account_id", "=", accountId)
    .orderBy("product_id")
    .execute();
}

/** An account's devices as stored, oldest first: the support console. */
export function devicesOf(db: Db, accountId: string) {
  return db
    .selectFrom("devices")
    .select(["uuid", "product_id", "created_at"])
    .where("account_id", "=", accountId)
    .orderBy("created_at")
    .execute();
}

/** The account a device's UUID belongs to, as a subquery of a search for accounts (the support console). */
export function accountOfDevice(db: Db, uuid: string) {
  return db.selectFrom("devices").select("account_id").where("uuid", "=", uuid.toLowerCase());
}

/** The account's own device of this UUID for a product, or undefined (desktop auto-login). */
export function ownDevice(db: Db, uuid: string, accountId: string, productId: number) {
  return db
    .selectFrom("devices")
    .select("uuid")
    .where("uuid", "=", uuid.toLowerCase())
    .where("account_id", "=", accountId)
    .where("product_id", "=", productId)
    .executeTakeFirst();
}

/** Whether the account holds a license of the earlier desktop products (DS One or solve IQ), whatever its state. */
export async function hasDesktopLicense(db: Db, accountId: string): Promise<boolean> {
  const desktop = await db
    .selectFrom("licenses")
    .select("product_id")
    .where("account_id", "=", accountId)
    .where("product_id", "in", [DSONE_PRODUCT_ID, PRODUCTS.solveiq.id])
    .executeTakeFirst();
  return desktop !== undefined;
}

/** Whether a device (by its UUID, claimed by an account or not) shows notifications: written, or replaced. */
export async function setDeviceNotifications(db: Db, uuid: string, show: boolean): Promise<void> {
  const row = { show_notifications: show ? 1 : 0, updated_at: Date.now() };
  await db
    .insertInto("device_settings")
    .values({ uuid: uuid.toLowerCase(), ...row })
    .onConflict((conflict) => conflict.column("uuid").doUpdateSet(row))
    .execute();
}

/**
 * An account by its id (a value, or an expression such as a subquery) with its standing for one
 * product: the query every such read runs, alone or inside a larger statement.
 */
export function accountWithStandingQuery(db: Kysely<Database>, accountId: string | Expression<string>, productId: number) {
  return db
    .selectFrom("accounts")
    .select(["accounts.id", "accounts.email", "accounts.name"])
    .select((eb) => standingColumns(eb, productId))
    .where("accounts.id", "=", accountId);
}

/** The product's license and newest device of the account in the query, as two columns. */
export function standingColumns(eb: ExpressionBuilder<Database, "accounts">, productId: number) {
  return [
    eb
      .selectFrom("licenses")
      .select("state")
      .whereRef("licenses.account_id", "=", "accounts.id")
      .where("licenses.product_id", "=", productId)
      .limit(1)
      .as("license_state"),
    eb
      .selectFrom("devices")
      .select("uuid")
      .whereRef("devices.account_id", "=", "accounts.id")
      .where("devices.product_id", "=", productId)
      .orderBy("devices.created_at", "desc")
      .limit(1)
      .as("device_uuid"),
  ];
}

/** The product of the account in the query's first license, by the date it was granted, as a column (account-brand.ts). */
function firstLicensedProduct(eb: ExpressionBuilder<Database, "accounts">) {
  return (
    eb
      .selectFrom("licenses")
      .select("licenses.product_id")
      .whereRef("licenses.account_id", "=", "accounts.id")
      // A license the previous release wrote during an upgrade has no created_at: updated_at stands in.
      .orderBy(sql`coalesce(licenses.created_at, licenses.updated_at)`)
      .orderBy("licenses.product_id")
      .limit(1)
      .as("first_product_id")
  );
}

/**
 * An account's devices, their settings and its licenses, deleted inside the account deletion's
 * transaction. The settings first: they are found through the devices.
 */
export async function deleteDevicesAndLicensesOf(tx: Kysely<Database>, accountId: string): Promise<void> {
  const devices = tx.selectFrom("devices").select("uuid").where("account_id", "=", accountId);
  await tx.deleteFrom("device_settings").where("uuid", "in", devices).execute();
  await tx.deleteFrom("devices").where("account_id", "=", accountId).execute();
  await tx.deleteFrom("licenses").where("account_id", "=", accountId).execute();
}

/** An account's address, by its id; undefined when there is no such account. */
export function accountEmail(db: Kysely<Database>, accountId: string) {
  return db.selectFrom("accounts").select("email").where("id", "=", accountId).executeTakeFirst();
}

/** The same, for an account known to exist (a row in the same transaction names it). */
export function existingAccountEmail(db: Kysely<Database>, accountId: string) {
  return db.selectFrom("accounts").select("email").where("id", "=", accountId).executeTakeFirstOrThrow();
}

/** An account's whole row, by its id; undefined when there is no such account. */
export function accountById(db: Kysely<Database>, accountId: string) {
  return db.selectFrom("accounts").selectAll().where("id", "=", accountId).executeTakeFirst();
}

/** An account's address, its normalised form and its language: what a mail to it needs. */
export function accountForMail(db: Kysely<Database>, accountId: string) {
  return db.selectFrom("accounts").select(["email", "email_key", "language"]).where("id", "=", accountId).executeTakeFirst();
}

/** When support disabled the account (null: it is not); undefined when there is no such account. */
export function accountDisabledAt(db: Kysely<Database>, accountId: string) {
  return db.selectFrom("accounts").select("disabled_at").where("id", "=", accountId).executeTakeFirst();
}

/** An account's address and password hash (null: it has none). */
export function accountPassword(db: Kysely<Database>, accountId: string) {
  return db.selectFrom("accounts").select(["email", "password_hash"]).where("id", "=", accountId).executeTakeFirst();
}

/** An account's address and name: how a passkey names its user. */
export function accountNames(db: Kysely<Database>, accountId: string) {
  return db.selectFrom("accounts").select(["email", "name"]).where("id", "=", accountId).executeTakeFirst();
}

/** An account's role (support agent, admin), null for a customer. */
export function accountRole(db: Kysely<Database>, accountId: string) {
  return db.selectFrom("accounts").select("role").where("id", "=", accountId).executeTakeFirst();
}

/** The same, for an account known to exist. */
export function existingAccountRole(db: Kysely<Database>, accountId: string) {
  return db.selectFrom("accounts").select(["role"]).where("id", "=", accountId).executeTakeFirstOrThrow();
}

/** Whether the account still exists. */
export async function accountExists(db: Kysely<Database>, accountId: string): Promise<boolean> {
  return (await db.selectFrom("accounts").select("id").where("id", "=", accountId).executeTakeFirst()) !== undefined;
}

/**
 * The account's row written without change, answering its password hash, address and language:
 * the write holds the row to the end of the transaction, so two unlinks racing each other cannot
 * each count the other's login as the one left (google/external-logins.ts).
 */
export function holdAccountRow(tx: Kysely<Database>, accountId: string) {
  return tx
    .updateTable("accounts")
    .set((eb) => ({ password_hash: eb.ref("password_hash") }))
    .where("id", "=", accountId)
    .returning(["password_hash", "email", "language"])
    .executeTakeFirst();
}

/** A "This wasn't me" notice of the account, by its link's hash, with the account's address. */
export function signInNoticeWithEmail(db: Kysely<Database>, tokenHash: string, accountId: string) {
  return db
    .selectFrom("sign_in_notices")
    .innerJoin("accounts", "accounts.id", "sign_in_notices.account_id")
    .select(["sign_in_notices.device", "sign_in_notices.address", "sign_in_notices.signed_in_at", "accounts.email"])
    .where("sign_in_notices.token_hash", "=", tokenHash)
    .where("sign_in_notices.account_id", "=", accountId)
    .executeTakeFirst();
}

/** What the account page shows of the account itself: its address, name, and whether it has a password. */
export function accountForPage(db: Kysely<Database>, accountId: string) {
  return db
    .selectFrom("accounts")
    .select(["email", "name", "password_hash", "google_held_at", "google_change_asked_at"])
    .where("id", "=", accountId)
    .executeTakeFirst();
}

export async function setAccountName(tx: Kysely<Database>, accountId: string, name: string): Promise<void> {
  await tx.updateTable("accounts").set({ name }).where("id", "=", accountId).execute();
}

/** An account's address and name, for an account known to exist (a passkey being made for it). */
export function existingAccountNames(db: Kysely<Database>, accountId: string) {
  return db.selectFrom("accounts").select(["email", "name"]).where("id", "=", accountId).executeTakeFirstOrThrow();
}

/** An account's address, and the session that set its password (null: none, or none known). */
export function accountPasswordSetter(db: Kysely<Database>, accountId: string) {
  return db.selectFrom("accounts").select(["email", "password_set_by_session"]).where("id", "=", accountId).executeTakeFirstOrThrow();
}

/** An account's id, address and role: a customer as the support console acts on them. */
export function customerById(db: Kysely<Database>, accountId: string) {
  return db.selectFrom("accounts").select(["id", "email", "role"]).where("id", "=", accountId).executeTakeFirst();
}

/** Disables the account now, or enables it again. */
export async function setAccountDisabled(tx: Kysely<Database>, accountId: string, disabled: boolean): Promise<void> {
  await tx
    .updateTable("accounts")
    .set({ disabled_at: disabled ? Date.now() : null })
    .where("id", "=", accountId)
    .execute();
}

export async function setAccountRole(tx: Kysely<Database>, accountId: string, role: Role | null): Promise<void> {
  await tx.updateTable("accounts").set({ role }).where("id", "=", accountId).execute();
}

/** The brand the account last signed in through, and the product of its first license (account-brand.ts). */
export function brandColumnsOf(db: Kysely<Database>, accountId: string) {
  return db
    .selectFrom("accounts")
    .select((eb) => ["accounts.last_brand", firstLicensedProduct(eb)])
    .where("accounts.id", "=", accountId)
    .executeTakeFirst();
}

/**
 * Remembers the brand a sign-in was made through: only a change is written. A plain update without
 * RETURNING, so it goes into writeTogether's one statement beside the session it belongs to.
 */
export async function setLastBrand(handle: Kysely<Database>, accountId: string, brandId: string): Promise<void> {
  await updateLastBrand(handle, { accountId, brandId });
}

/** Every sign-in that names its brand runs it: compiled once (reusable-query.ts). */
const updateLastBrand = reusableQuery<{ accountId: string; brandId: string }, unknown>(
  ["accountId", "brandId"],
  (db, { accountId, brandId }) =>
    db
      .updateTable("accounts")
      .set({ last_brand: brandId })
      .where("id", "=", accountId)
      .where((row) => row.or([row("last_brand", "is", null), row("last_brand", "!=", brandId)])),
);

/** The account signing in with an address (by its normalised form), if any. */
export function accountIdByEmailKey(db: Kysely<Database>, emailKey: string) {
  return db.selectFrom("accounts").select("id").where("email_key", "=", emailKey).executeTakeFirst();
}

/** An account's normalised address and language. */
export function accountKeyAndLanguage(db: Kysely<Database>, accountId: string) {
  return db.selectFrom("accounts").select(["email_key", "language"]).where("id", "=", accountId).executeTakeFirst();
}

/** An account as a mail telling it of a change needs it: its id, address and language. */
export function accountToTell(db: Kysely<Database>, accountId: string) {
  return db.selectFrom("accounts").select(["id as accountId", "email", "language"]).where("id", "=", accountId).executeTakeFirstOrThrow();
}

/** The account's address changed (the new address, and its normalised form). */
export async function setAccountEmail(tx: Kysely<Database>, accountId: string, email: string, emailKey: string): Promise<void> {
  await tx.updateTable("accounts").set({ email, email_key: emailKey }).where("id", "=", accountId).execute();
}

/**
 * The account's password removed if it was set since `since`, or by one of these sessions: what an
 * email change taken back undoes. Answers the update's result (a row changed: it was).
 */
export function removePasswordSetSince(tx: Kysely<Database>, accountId: string, since: number, sessions: string[]) {
  return tx
    .updateTable("accounts")
    .set({ password_hash: null, password_set_at: null, password_set_by_session: null })
    .where("id", "=", accountId)
    .where("password_hash", "is not", null)
    .where((eb) =>
      eb.or([eb("password_set_at", ">=", since), ...(sessions.length > 0 ? [eb("password_set_by_session", "in", sessions)] : [])]),
    )
    .executeTakeFirst();
}

export function accountEmailKeyOf(db: Kysely<Database>, accountId: string) {
  return db.selectFrom("accounts").select("email_key").where("id", "=", accountId).executeTakeFirst();
}

export function accountPasswordHash(db: Kysely<Database>, accountId: string) {
  return db.selectFrom("accounts").select("password_hash").where("id", "=", accountId).executeTakeFirst();
}

/**
 * A new password's hash written, with when and by which session (null: none kept signed in); with
 * `replacing`, only over that hash, so two changes racing each other cannot both win. Answers the
 * account's address, or undefined when nothing was written.
 */
export function savePasswordHash(
  tx: Kysely<Database>,
  accountId: string,
  { passwordHash, setBySession, replacing }: { passwordHash: string; setBySession: string | null; replacing: string | null | undefined },
) {
  let update = tx
    .updateTable("accounts")
    .set({
      password_hash: passwordHash,
      password_set_at: Date.now(),
      password_set_by_session: setBySession,
    })
    .where("id", "=", accountId);
  if (replacing !== undefined) update = update.where("password_hash", "=", replacing);
  return update.returning(["email"]).executeTakeFirst();
}

/** A first password's hash written, only if the account still has none. Answers the update's result. */
export function setFirstPasswordHash(tx: Kysely<Database>, accountId: string, passwordHash: string, setBySession: string) {
  return tx
    .updateTable("accounts")
    .set({ password_hash: passwordHash, password_set_at: Date.now(), password_set_by_session: setBySession })
    .where("id", "=", accountId)
    .where("password_hash", "is", null)
    .executeTakeFirst();
}

/**
 * The account of an id as a query still to be given its columns: a module that reads its own table
 * beside the account's row (known-origins.ts, when it last saw a browser) adds them, in one statement.
 */
export function selectAccountById(db: Kysely<Database>, accountId: string) {
  return db.selectFrom("accounts").where("accounts.id", "=", accountId);
}

/** Accounts as the support console lists them, for the search to narrow (by address, device or login). */
export function selectCustomers(db: Kysely<Database>) {
  return db.selectFrom("accounts").select(["accounts.id", "accounts.email", "accounts.name", "accounts.disabled_at", "accounts.role"]);
}

/**
 * The account's trail for the support console, newest first, each entry an agent made with that
 * agent's address (the trail names an agent as `support:` and their account's id).
 */
export function trailWithAgents(db: Kysely<Database>, accountId: string) {
  return db
    .selectFrom("audit_events")
    .leftJoin("accounts as agents", (join) => join.on(sql`'support:' || agents.id`, "=", sql.ref("audit_events.actor")))
    .select([
      "audit_events.id",
      "audit_events.created_at",
      "audit_events.event",
      "audit_events.method",
      "audit_events.brand",
      "audit_events.client_id",
      "audit_events.address",
      "audit_events.device",
      "audit_events.actor",
      "audit_events.reason",
      "agents.email as agent_email",
    ])
    .where("audit_events.account_id", "=", accountId)
    .orderBy("audit_events.created_at", "desc")
    .orderBy("audit_events.id", "desc")
    .limit(200)
    .execute();
}

/** The account deleted: the last of its rows, inside the deletion's transaction. */
export async function deleteAccountRow(tx: Kysely<Database>, accountId: string): Promise<void> {
  await tx.deleteFrom("accounts").where("id", "=", accountId).execute();
}

/** The same as accountForMail, for an account known to exist. */
export function existingAccountForMail(db: Kysely<Database>, accountId: string) {
  return db.selectFrom("accounts").select(["email", "email_key", "language"]).where("id", "=", accountId).executeTakeFirstOrThrow();
}

export async function listAccounts(db: Db): Promise<AccountSummary[]> {
  const rows = await db.selectFrom("accounts").select("email").orderBy("email_key").execute();
  const summaries = await Promise.all(rows.map((row) => showAccount(db, row.email)));
  return summaries.filter((summary): summary is AccountSummary => summary !== undefined);
}

/** What Google told us of the account's Google account (decision 91): a hold since, a change asked since. */
export function googleSignals(db: Kysely<Database>, accountId: string) {
  return db.selectFrom("accounts").select(["google_held_at", "google_change_asked_at"]).where("id", "=", accountId).executeTakeFirst();
}

/** Google asked the customer to change their Google credentials at `at`; null once Google signed them in again. */
export async function setGoogleChangeAsked(db: Kysely<Database>, accountId: string, at: number | null): Promise<void> {
  await db.updateTable("accounts").set({ google_change_asked_at: at }).where("id", "=", accountId).execute();
}

/** Holds Google sign-in for the account from `at` (Google said the Google account was hijacked). */
export async function holdGoogleSignIn(tx: Kysely<Database>, accountId: string, at: number): Promise<void> {
  await tx.updateTable("accounts").set({ google_held_at: at }).where("id", "=", accountId).execute();
}

/** Ends the account's Google hold; whether there was one to end. */
export async function endGoogleHold(tx: Kysely<Database>, accountId: string): Promise<boolean> {
  const cleared = await tx
    .updateTable("accounts")
    .set({ google_held_at: null })
    .where("id", "=", accountId)
    .where("google_held_at", "is not", null)
    .executeTakeFirst();
  return Number(cleared.numUpdatedRows) > 0;
}

/** Where and in which language the account's mail goes, for an account known to exist. */
export function mailAddressOf(db: Kysely<Database>, accountId: string) {
  return db.selectFrom("accounts").select(["email", "language"]).where("id", "=", accountId).executeTakeFirstOrThrow();
}
