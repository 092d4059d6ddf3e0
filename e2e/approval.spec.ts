import { freePort } from "../test/support/spawn-server.ts";
import { approvalJourney } from "./approval-journey.ts";
import { test } from "./fixtures.ts";

// A server of its own, with the demo apps on a port named here (one test signs a demo app in).
const APPS = `http://localhost:${await freePort()}`;
test.use({ serverEnv: { DEMO_APPS_URL: APPS } });

approvalJourney(APPS);
