import { pathToFileURL } from "node:url";
import { buildIfStale } from "./build-if-stale.ts";
import { bundleServerIfStale, SERVER_BUNDLE } from "./bundle-server.ts";

/**
 * `npm start`: build the web app and bundle the server if either is missing or stale, then run the
 * account server's bundle (scripts/bundle-server.ts).
 */
buildIfStale();
await bundleServerIfStale();
await import(pathToFileURL(SERVER_BUNDLE).href);
