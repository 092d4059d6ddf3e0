import { accountPageJourney } from "./account-journey.ts";
import { test } from "./fixtures.ts";

// A server of its own (the journey deletes a demo account), on SQLite.
test.use({ serverEnv: { NEW_SIGN_IN_MAIL: "true" } });

accountPageJourney();
