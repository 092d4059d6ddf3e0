import { buildIfStale } from "./build-if-stale.ts";

/** `npm start`: build the web app if its build is missing or stale, then run the account server. */
buildIfStale();
await import("../server/main.ts");
