import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { parseAst } from "rolldown/parseAst";
import { describe, expect, it } from "vitest";

/**
 * One owner per table and per cookie (docs/decisions/0074-owners-of-tables-and-cookies.md): every
 * module of the product is parsed, and a query naming an owned table, or a cookie written, outside
 * its owners fails here. Migrations are exempt: they shape the tables and own none of their rows.
 */
const ROOT = join(import.meta.dirname, "..");

type Operation = "read" | "create" | "update" | "delete";
const EVERY_OPERATION: Operation[] = ["read", "create", "update", "delete"];

/** The tables with an owner, the operations only the owner may run, and the modules that own them. */
const TABLE_OWNERS: Record<string, { owned: Operation[]; owners: string[] }> = {
  // The provider's store. The adapter keeps oidc-provider's objects; db/oidc-payloads.ts answers
  // the rest of the server (a pending authorization, an account's apps, ending provider sessions)
  // beside the hash every id is stored under. The payloads are the provider's private JSON: a
  // module reading them itself would break with the provider's next version, unseen.
  oidc_payloads: { owned: EVERY_OPERATION, owners: ["server/provider/adapter.ts", "server/db/oidc-payloads.ts"] },
  // A session is created and ended by the sessions' store alone (sessions.ts signs in and out
  // through it): a new one always replaces the browser's old one, and a browser's sign-out always
  // writes the trail. Reading one, or marking it confirmed (recent-sign-in.ts), is anyone's.
  sessions: { owned: ["create", "delete"], owners: ["server/auth/kernel/session-store.ts"] },
};

/**
 * The modules that write a Set-Cookie themselves. Everything else calls setCookie or clearCookie
 * (auth/kernel/caller.ts) with a cookie declared in server/base/cookies.ts, whose declaration gives
 * the name, path, SameSite and lifetime.
 */
const COOKIE_WRITERS: Record<string, string> = {
  "server/auth/kernel/caller.ts": "setCookie and clearCookie: a declared cookie, by its declaration",
  "server/base/cookies.ts": "the declarations, and the header text for answers written without Fastify",
  "server/http/caller.ts": "the Fastify transport of a caller's cookies",
  "server/provider/app-session.ts": "the provider's transport of a caller's cookies (Koa)",
  "web/ui/LanguageSwitcher.tsx": "the language cookie, the one the browser writes and the server only reads",
  "server/development/demo-apps/web-app.ts": "the demo web apps' own session cookie, on their own origin: not the account server's",
};

const EXEMPT = /^server\/db\/migrations/;

/** The statements of a query builder, by the method that starts them. */
const BUILDER_METHODS: Record<string, Operation[]> = {
  selectFrom: ["read"],
  innerJoin: ["read"],
  leftJoin: ["read"],
  rightJoin: ["read"],
  fullJoin: ["read"],
  crossJoin: ["read"],
  insertInto: ["create"],
  replaceInto: ["create"],
  updateTable: ["update"],
  deleteFrom: ["delete"],
  mergeInto: ["create", "update", "delete"],
};

/** The statements of raw SQL text, by the words that name their table. */
const SQL_STATEMENTS: [RegExp, Operation][] = [
  [/\b(?:insert|replace)\s+(?:or\s+\w+\s+)?into\s+"?(\w+)/gi, "create"],
  [/\bupdate\s+"?(\w+)"?\s+set\b/gi, "update"],
  [/\bdelete\s+from\s+"?(\w+)/gi, "delete"],
  [/\b(?:from|join)\s+"?(\w+)/gi, "read"],
];

type Node = { type: string; [key: string]: unknown };

const isNode = (value: unknown): value is Node => typeof value === "object" && value !== null && typeof (value as Node).type === "string";

/** Every node of a syntax tree, depth first. */
function* everyNode(node: unknown): Generator<Node> {
  if (Array.isArray(node)) for (const item of node) yield* everyNode(item);
  else if (isNode(node)) {
    yield node;
    for (const [key, child] of Object.entries(node)) if (key !== "type" && typeof child === "object") yield* everyNode(child);
  }
}

/** A template's text, its substitutions as `?`. */
const templateText = (node: Node) =>
  (node.quasis as Node[]).map((quasi) => (quasi.value as { cooked: string | null }).cooked ?? "").join("?");

/** A string's value, whether a literal or a template without substitutions. */
function stringValue(node: unknown): string | undefined {
  if (!isNode(node)) return undefined;
  if (node.type === "Literal" && typeof node.value === "string") return node.value;
  if (node.type === "TemplateLiteral" && (node.expressions as unknown[]).length === 0) return templateText(node);
  return undefined;
}

/** The tables a builder's first argument names: `"sessions"`, `"sessions as s"`, or a list of them. */
function tablesNamedBy(argument: unknown): string[] {
  const names = isNode(argument) && argument.type === "ArrayExpression" ? (argument.elements as unknown[]) : [argument];
  return names.flatMap((name) => stringValue(name)?.trim().split(/\s+/)[0] ?? []);
}

function memberName(callee: Node): string | undefined {
  if (callee.type !== "MemberExpression" || callee.computed) return undefined;
  return (callee.property as Node).name as string;
}

interface Use {
  table: string;
  operation: Operation;
  at: number;
}

/** A call's parts: what it calls (and by which member name, for `a.b()`), and its arguments. */
interface Call {
  callee: Node;
  method: string | undefined;
  args: unknown[];
}

/** What a module does to tables (builder calls, the sweeps' deleteInBatches, SQL written out). */
function tableUsesOf({ callee, method, args: [first, second] }: Call, at: number): Use[] {
  const uses: Use[] = [];
  if (method && Object.hasOwn(BUILDER_METHODS, method))
    for (const table of tablesNamedBy(first))
      for (const operation of BUILDER_METHODS[method] as Operation[]) uses.push({ table, operation, at });
  if (method === "table" && (callee.object as Node).type === "Identifier" && (callee.object as Node).name === "sql")
    for (const table of tablesNamedBy(first)) for (const operation of EVERY_OPERATION) uses.push({ table, operation, at });
  if (callee.type === "Identifier" && callee.name === "deleteInBatches")
    for (const table of tablesNamedBy(second)) uses.push({ table, operation: "delete", at });
  return uses;
}

/** Whether a call writes a cookie itself rather than through a declaration. */
function writesCookie({ callee, method }: Call): boolean {
  // reply.setCookie, caller.clearCookie, Koa's ctx.cookies.set: a name and attributes of the module's own.
  if (method === "setCookie" || method === "clearCookie") return true;
  if (method === "set" && isNode(callee.object) && memberName(callee.object) === "cookies") return true;
  // The header text, written by hand.
  return callee.type === "Identifier" && (callee.name === "setCookieHeader" || callee.name === "clearedCookieHeader");
}

/** One walk of a module: the tables it touches, and where it writes a cookie itself. */
function readModule(ast: unknown): { uses: Use[]; cookieWrites: number[] } {
  const uses: Use[] = [];
  const cookieWrites: number[] = [];
  for (const node of everyNode(ast)) {
    const at = node.start as number;
    if (node.type === "CallExpression") {
      const callee = node.callee as Node;
      const call = { callee, method: memberName(callee), args: node.arguments as unknown[] };
      uses.push(...tableUsesOf(call, at));
      if (writesCookie(call)) cookieWrites.push(at);
    }
    const text = node.type === "TemplateLiteral" ? templateText(node) : stringValue(node);
    if (text)
      for (const [pattern, operation] of SQL_STATEMENTS)
        for (const match of text.matchAll(pattern)) uses.push({ table: (match[1] as string).toLowerCase(), operation, at });
    if (text?.toLowerCase() === "set-cookie") cookieWrites.push(at);
    if (node.type === "AssignmentExpression" && isNode(node.left) && memberName(node.left) === "cookie") cookieWrites.push(at);
  }
  return { uses, cookieWrites };
}

/** Every break of the owners' rules in one module's source, as `path:line what`. */
function breaches(path: string, source: string): string[] {
  if (EXEMPT.test(path)) return [];
  const ast = parseAst(source, { lang: path.endsWith(".tsx") ? "tsx" : "ts" });
  const line = (at: number) => source.slice(0, at).split("\n").length;
  const { uses, cookieWrites } = readModule(ast);
  const found: string[] = [];
  for (const { table, operation, at } of uses) {
    const rule = TABLE_OWNERS[table];
    if (rule?.owned.includes(operation) && !rule.owners.includes(path))
      found.push(`${path}:${line(at)} ${operation}s ${table}, owned by ${rule.owners.join(" and ")}`);
  }
  if (!(path in COOKIE_WRITERS))
    for (const at of cookieWrites) found.push(`${path}:${line(at)} writes a cookie, not by its declaration (setCookie, clearCookie)`);
  return [...new Set(found)];
}

/** Every module of the product (tests aside). */
function modules(): string[] {
  return ["server", "web", "common"].flatMap((folder) =>
    (readdirSync(join(ROOT, folder), { recursive: true }) as string[])
      .filter((file) => /\.tsx?$/.test(file) && !/\.(test|d)\.ts$/.test(file) && !file.includes("node_modules"))
      .map((file) => `${folder}/${file.split("\\").join("/")}`),
  );
}

/** The tables of the database, as server/db/schema.ts declares them (a word of prose after "from" is none). */
const TABLES = new Set(
  [
    ...(readFileSync(join(ROOT, "server/db/schema.ts"), "utf8").match(/export interface Database \{([^}]*)\}/)?.[1] ?? "").matchAll(
      /^\s*(\w+):/gm,
    ),
  ].map((match) => match[1] as string),
);

/** The modules that query each table (migrations aside), by the table's name. */
function queriersByTable(sources: Record<string, string>): Map<string, string[]> {
  const byTable = new Map<string, string[]>();
  for (const [path, source] of Object.entries(sources)) {
    if (EXEMPT.test(path)) continue;
    const ast = parseAst(source, { lang: path.endsWith(".tsx") ? "tsx" : "ts" });
    for (const table of new Set(readModule(ast).uses.map((use) => use.table)))
      if (TABLES.has(table)) byTable.set(table, [...(byTable.get(table) ?? []), path]);
  }
  return byTable;
}

/** The most modules one table may be queried from: its owner, and one more (a store and its reader, say). */
const MOST_QUERIERS = 2;

/** Every table queried from more modules than that, as `table: module, module, module`. */
function crowdedTables(sources: Record<string, string>): string[] {
  return [...queriersByTable(sources)]
    .filter(([, paths]) => paths.length > MOST_QUERIERS)
    .map(([table, paths]) => `${table}: ${paths.sort().join(", ")}`)
    .sort();
}

describe("one owner per table and per cookie", () => {
  it("holds in every module of the product", () => {
    const found = modules().flatMap((path) => breaches(path, readFileSync(join(ROOT, path), "utf8")));
    expect(found).toEqual([]);
  });

  it("names owners that exist and still do what they own", () => {
    for (const [table, { owned, owners }] of Object.entries(TABLE_OWNERS))
      for (const owner of owners) {
        const source = readFileSync(join(ROOT, owner), "utf8");
        const uses = readModule(parseAst(source, { lang: "ts" })).uses.filter(
          (use) => use.table === table && owned.includes(use.operation),
        );
        expect(uses.length, `${owner} no longer touches ${table}: drop it from the owners`).toBeGreaterThan(0);
      }
    for (const writer of Object.keys(COOKIE_WRITERS)) expect(existsSync(join(ROOT, writer)), writer).toBe(true);
  });

  /** Probes, so that the rule cannot pass by finding nothing. */
  const PROBES: { path: string; source: string; refused: boolean }[] = [
    { path: "server/auth/kernel/probe.ts", source: `db.selectFrom("oidc_payloads").selectAll();`, refused: true },
    {
      path: "server/auth/kernel/probe.ts",
      source: `db.selectFrom("accounts").leftJoin("oidc_payloads as p", "p.x", "a.y");`,
      refused: true,
    },
    { path: "server/site/probe.ts", source: `deleteInBatches(db, "oidc_payloads", "expires_at", sql\`x\`);`, refused: true },
    {
      path: "server/cli.ts",
      source: `await sql\`select count(*) from oidc_payloads where model = \${model}\`.execute(db);`,
      refused: true,
    },
    { path: "server/db/oidc-payloads.ts", source: `tx.deleteFrom("oidc_payloads").execute();`, refused: false },
    { path: "server/auth/kernel/sign-out.ts", source: `tx.deleteFrom("sessions").where("account_id", "=", id);`, refused: true },
    { path: "server/provider/app-session.ts", source: `db.insertInto("sessions").values(row);`, refused: true },
    {
      path: "server/provider/probe.ts",
      source: `db.executeQuery(CompiledQuery.raw("DELETE FROM sessions WHERE id_hash = $1", [h]));`,
      refused: true,
    },
    { path: "server/auth/kernel/sessions.ts", source: `tx.deleteFrom("sessions").execute();`, refused: true },
    { path: "server/auth/kernel/session-store.ts", source: `tx.deleteFrom("sessions").execute();`, refused: false },
    { path: "server/auth/kernel/recent-sign-in.ts", source: `db.updateTable("sessions").set({ verified_at: 1 });`, refused: false },
    { path: "server/auth/kernel/probe.ts", source: `db.selectFrom("sessions").select("id_hash");`, refused: false },
    { path: "server/auth/kernel/probe.ts", source: `// db.deleteFrom("sessions")\nconst label = "oidc_payloads";`, refused: false },
    { path: "server/db/migrations.ts", source: `db.deleteFrom("sessions").execute();`, refused: false },
    { path: "server/site/probe.ts", source: `reply.setCookie("session", id, { path: "/" });`, refused: true },
    { path: "server/auth/password/probe.ts", source: `caller.clearCookie(NAME, cookieAttributes("passwordReset"));`, refused: true },
    { path: "server/site/probe.ts", source: `reply.header("Set-Cookie", value);`, refused: true },
    { path: "server/provider/probe.ts", source: `ctx.cookies.set("session", id);`, refused: true },
    { path: "server/provider/probe.ts", source: `ctx.append("set-cookie", setCookieHeader(name, value, attributes));`, refused: true },
    { path: "web/features/login/Probe.tsx", source: `document.cookie = "session=x; Path=/";`, refused: true },
    { path: "server/auth/password/probe.ts", source: `setCookie(caller, config, "passwordReset", code, maxAge);`, refused: false },
    { path: "server/http/caller.ts", source: `reply.setCookie(name, value, attributes);`, refused: false },
  ];

  it.each(PROBES)("$path: $source", ({ path, source, refused }) => {
    expect(breaches(path, source).length > 0).toBe(refused);
  });
});

/**
 * Each table has an owning module that other code calls (docs/decisions/0074, decision 92's last
 * rule): a table is queried from two modules at most, its owner and one more (a store and its
 * reader, a join read in one statement). A third module calls one of them instead.
 */
describe("each table queried from two modules at most", () => {
  it("knows the tables", () => {
    expect(TABLES.size).toBeGreaterThan(20);
    expect(TABLES.has("accounts") && TABLES.has("email_changes")).toBe(true);
  });

  it("holds in every module of the product (migrations aside)", () => {
    const sources = Object.fromEntries(modules().map((path) => [path, readFileSync(join(ROOT, path), "utf8")]));
    expect(crowdedTables(sources)).toEqual([]);
  });

  /** Probes, so that the rule cannot pass by finding nothing. */
  const owner = `export const find = (db, id) => db.selectFrom("devices").where("id", "=", id).executeTakeFirst();`;
  const reader = `await sql\`delete from devices where account_id = \${id}\`.execute(tx);`;
  const third = `db.selectFrom("accounts").innerJoin("devices as d", "d.account_id", "accounts.id").selectAll();`;

  it("refuses a third module", () => {
    const sources = { "server/auth/kernel/devices.ts": owner, "server/auth/account/delete.ts": reader, "server/site/probe.ts": third };
    expect(crowdedTables(sources)).toEqual(["devices: server/auth/account/delete.ts, server/auth/kernel/devices.ts, server/site/probe.ts"]);
  });

  it("accepts two, and does not count migrations", () => {
    const sources = {
      "server/auth/kernel/devices.ts": owner,
      "server/auth/account/delete.ts": reader,
      "server/db/migrations/001.ts": third,
    };
    expect(crowdedTables(sources)).toEqual([]);
  });
});
