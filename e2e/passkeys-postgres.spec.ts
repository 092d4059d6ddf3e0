import { freePort } from "../test/support/spawn-server.ts";
import { test } from "./fixtures.ts";
import { passkeyJourney } from "./passkey-journey.ts";

// The same journey on a server of its own on PostgreSQL.
const APPS = `http://localhost:${await freePort()}`;
test.use({ database: "postgres", serverEnv: { DEMO_APPS_URL: APPS } });

passkeyJourney(APPS);
