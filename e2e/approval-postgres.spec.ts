import { freePort } from "../test/support/spawn-server.ts";
import { approvalJourney } from "./approval-journey.ts";
import { test } from "./fixtures.ts";

// The same journey on a server of its own on PostgreSQL.
const APPS = `http://localhost:${await freePort()}`;
test.use({ database: "postgres", serverEnv: { DEMO_APPS_URL: APPS } });

approvalJourney(APPS);
