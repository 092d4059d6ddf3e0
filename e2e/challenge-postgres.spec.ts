import { CHALLENGE_SETTINGS, challengeJourney } from "./challenge-journey.ts";
import { test } from "./fixtures.ts";

// The same journeys on a server of its own on PostgreSQL.
test.use({ database: "postgres", serverEnv: CHALLENGE_SETTINGS });

challengeJourney();
