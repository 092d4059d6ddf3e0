import { emailChangeJourney } from "./email-change-journey.ts";
import { test } from "./fixtures.ts";

// A server of its own (the journey changes demo accounts' addresses), on SQLite.
test.use({ serverEnv: { NEW_SIGN_IN_MAIL: "false" } });

emailChangeJourney();
