/**
 * Started with this argument, the server loads its modules and stops without starting: `npm run
 * build` does so to fill Node's compile cache (scripts/build-if-stale.ts).
 */
export const LOAD_ONLY_FLAG = "--load-only";
