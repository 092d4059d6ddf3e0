import { test } from "./fixtures.ts";
import { languagesJourney } from "./languages-journey.ts";

// The same journey on a server of its own on PostgreSQL.
test.use({ database: "postgres", serverEnv: { ACCESS_LINK_LIMIT_PER_IP: "100" } });

languagesJourney();
