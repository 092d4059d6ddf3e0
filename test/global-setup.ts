import { buildIfStale } from "../scripts/build-if-stale.ts";

/** Tests that start the server as its own process serve the production build: build it first when stale. */
export default function globalSetup(): void {
  buildIfStale();
}
