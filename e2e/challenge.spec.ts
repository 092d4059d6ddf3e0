import { CHALLENGE_SETTINGS, challengeJourney } from "./challenge-journey.ts";
import { test } from "./fixtures.ts";

test.use({ serverEnv: CHALLENGE_SETTINGS });

challengeJourney();
