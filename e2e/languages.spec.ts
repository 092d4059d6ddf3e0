import { test } from "./fixtures.ts";
import { languagesJourney } from "./languages-journey.ts";

// The customer's language on SQLite; languages-postgres.spec.ts walks the same on PostgreSQL.
test.use({ serverEnv: { ACCESS_LINK_LIMIT_PER_IP: "100" } });

languagesJourney();
