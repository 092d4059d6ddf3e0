import { emailChangeJourney } from "./email-change-journey.ts";
import { test } from "./fixtures.ts";

// The same journey on a server of its own on PostgreSQL.
test.use({ database: "postgres", serverEnv: { NEW_SIGN_IN_MAIL: "false" } });

emailChangeJourney();
