import { afterAll, beforeAll, expect, it } from "vitest";
import { type Db, openDatabase } from "../server/db/database.ts";
import { ClientCache } from "../server/provider/client-cache.ts";
import { addClient, removeClient } from "../server/provider/clients.ts";
import { createTestDatabase, type DatabaseKind, describeEachDatabase, type TestDatabase } from "./support/databases.ts";
import { statementsOf } from "./support/hot-statements.ts";

/**
 * The provider's clients, kept between requests only while every change is heard
 * (provider/client-cache.ts, docs/decisions/0089): a client changed or removed by another process
 * (the CLI, another instance, SQL by hand) is read afresh on its next use.
 */
describeEachDatabase("the provider's clients on %s", (kind: DatabaseKind) => {
  let database: TestDatabase;
  let db: Db;
  let other: Db;
  let cache: ClientCache;

  const registration = (redirect: string) => ({
    id: "cached-app",
    type: "web" as const,
    brand: "dsone",
    redirectUris: [redirect],
    postLogoutRedirectUris: [],
  });
  const redirectsOf = async () => (await cache.find("cached-app"))?.redirect_uris;
  /** Asks until the answer is `wanted` or two seconds pass: a notification crosses a socket. */
  const eventually = async (wanted: unknown) => {
    for (let waited = 0; waited < 2_000; waited += 25) {
      if (JSON.stringify(await redirectsOf()) === JSON.stringify(wanted)) return;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    expect(await redirectsOf()).toEqual(wanted);
  };

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    db = (await openDatabase(database.url)).db;
    // A second process's connection: the CLI, or another instance.
    other = (await openDatabase(database.url)).db;
    cache = new ClientCache(db, database.url);
    await addClient(other, registration("https://app.example/one"));
  });
  afterAll(async () => {
    await cache?.close();
    await other?.destroy();
    await db?.destroy();
    await database?.drop();
  });

  it("answers a client as registered, and never keeps an unknown one", async () => {
    await eventually(["https://app.example/one"]);
    expect(await cache.find("nobody")).toBeUndefined();
    await addClient(other, { ...registration("https://app.example/late"), id: "nobody" });
    expect((await cache.find("nobody"))?.redirect_uris).toEqual(["https://app.example/late"]);
    await removeClient(other, "nobody");
  });

  if (kind === "postgres")
    it("keeps a client once read: its next use runs no statement", async () => {
      // The notifications of the test before (a client added and removed) land first.
      await new Promise((resolve) => setTimeout(resolve, 200));
      await redirectsOf();
      const statements = await statementsOf(async () => void (await redirectsOf()));
      expect(statements.map(({ text }) => text)).toEqual([]);
    });
  else
    it("reads a client at every use: another process's change is seen at once", async () => {
      await redirectsOf();
      await other
        .updateTable("oidc_clients")
        .set({ redirect_uris: JSON.stringify(["https://app.example/now"]) })
        .where("id", "=", "cached-app")
        .execute();
      expect(await redirectsOf()).toEqual(["https://app.example/now"]);
      await other
        .updateTable("oidc_clients")
        .set({ redirect_uris: JSON.stringify(["https://app.example/one"]) })
        .where("id", "=", "cached-app")
        .execute();
    });

  it("reads a client changed elsewhere afresh on its next use", async () => {
    expect(await redirectsOf()).toEqual(["https://app.example/one"]);
    await other
      .updateTable("oidc_clients")
      .set({ redirect_uris: JSON.stringify(["https://app.example/two"]) })
      .where("id", "=", "cached-app")
      .execute();
    await eventually(["https://app.example/two"]);
  });

  it("refuses a client removed elsewhere on its next use", async () => {
    expect(await redirectsOf()).toEqual(["https://app.example/two"]);
    await removeClient(other, "cached-app");
    await eventually(undefined);
  });

  it("hands out copies: what the provider does to one changes nothing kept", async () => {
    await addClient(other, registration("https://app.example/three"));
    await eventually(["https://app.example/three"]);
    const first = (await cache.find("cached-app")) as { redirect_uris: string[] };
    first.redirect_uris.push("https://evil.example/");
    expect(await redirectsOf()).toEqual(["https://app.example/three"]);
  });
});
