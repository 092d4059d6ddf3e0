import { buildIfStale } from "../scripts/build-if-stale.ts";
import { bundleServerIfStale } from "../scripts/bundle-server.ts";

/** Tests that start the server as its own process run the production build and the server bundle: made first when stale. */
export default async function globalSetup(): Promise<void> {
  buildIfStale();
  await bundleServerIfStale();
}
