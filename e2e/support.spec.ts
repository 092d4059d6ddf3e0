import { test } from "./fixtures.ts";
import { supportConsoleJourney } from "./support-journey.ts";

// A server of its own (the journey disables and deletes a demo account), on SQLite.
test.use({ serverEnv: { NEW_SIGN_IN_MAIL: "false", PASSWORD_FAILURE_LIMIT_PER_EMAIL_AND_IP: "4" } });

supportConsoleJourney();
