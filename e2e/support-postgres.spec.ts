import { test } from "./fixtures.ts";
import { supportConsoleJourney } from "./support-journey.ts";

// The same journey on a server of its own on PostgreSQL.
test.use({ database: "postgres", serverEnv: { NEW_SIGN_IN_MAIL: "false", PASSWORD_FAILURE_LIMIT_PER_EMAIL_AND_IP: "4" } });

supportConsoleJourney();
