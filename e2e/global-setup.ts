import { buildIfStale } from "../scripts/build-if-stale.ts";

/** The tests run against the production build, so build it first if it is missing or stale. */
export default function globalSetup(): void {
  buildIfStale();
}
