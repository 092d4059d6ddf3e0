import { describe, expect, it } from "vitest";
import { openDatabase } from "../server/db/database.ts";
import { createTestDatabase } from "./support/databases.ts";
import { spawnServer } from "./support/spawn-server.ts";

/**
 * The OpenID Provider starts a second after the server listens (server/main.ts), out of the way of
 * the first pages; one that cannot start must still stop the server, as a failure before listening
 * did.
 */
describe("the OpenID Provider's start", () => {
  it("serves discovery from a server started moments ago; one whose provider cannot start answers an error, then stops", async () => {
    const database = await createTestDatabase("sqlite");
    const { db } = await openDatabase(database.url);
    try {
      const healthy = await spawnServer({ DATABASE_URL: database.url });
      try {
        const discovery = await fetch(`${healthy.url}/.well-known/openid-configuration`);
        expect(discovery.status).toBe(200);
        expect(((await discovery.json()) as { issuer: string }).issuer).toBe(healthy.url);
      } finally {
        await healthy.stop();
      }

      // A signing key the provider cannot read: the server listens, then stops with the reason.
      await db.updateTable("oidc_keys").set({ secret: "{not json" }).where("purpose", "=", "signing").execute();
      const broken = await spawnServer({ DATABASE_URL: database.url });
      // Asked before the warm-up: an error answered at once, not a request left hanging.
      const asked = await fetch(`${broken.url}/.well-known/openid-configuration`, { signal: AbortSignal.timeout(5_000) });
      expect(asked.status).toBe(500);
      const deadline = Date.now() + 10_000;
      let stopped = false;
      while (!stopped && Date.now() < deadline) {
        stopped = await fetch(`${broken.url}/healthz`).then(
          () => false,
          () => true,
        );
        if (!stopped) await new Promise((resolve) => setTimeout(resolve, 100));
      }
      await broken.stop();
      expect(stopped).toBe(true);
      expect(broken.output()).toContain("the OpenID Provider could not start; stopping");
    } finally {
      await db.destroy();
      await database.drop();
    }
  });
});
