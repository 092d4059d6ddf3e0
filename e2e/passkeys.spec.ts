import { freePort } from "../test/support/spawn-server.ts";
import { test } from "./fixtures.ts";
import { passkeyJourney } from "./passkey-journey.ts";

// A server of its own (with the demo apps on a free port), on SQLite.
const APPS = `http://localhost:${await freePort()}`;
test.use({ serverEnv: { DEMO_APPS_URL: APPS } });

passkeyJourney(APPS);
