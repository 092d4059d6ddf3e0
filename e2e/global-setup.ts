import { buildIfStale } from "../scripts/build-if-stale.ts";
import { bundleServerIfStale } from "../scripts/bundle-server.ts";

/** The tests run against the production build and the server bundle, so both are made first if missing or stale. */
export default async function globalSetup(): Promise<void> {
  buildIfStale();
  await bundleServerIfStale();
}
