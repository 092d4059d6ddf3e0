import { execFileSync } from "node:child_process";

/**
 * PostgreSQL as the tests have it: the one named by TEST_POSTGRES_URL, or the machine's own
 * cluster, which scripts/ensure-postgres.sh starts; sets TEST_POSTGRES_URL. Without one, the
 * benches skip their PostgreSQL figures and say so.
 */
export function startPostgresAsTheTestsDo(): void {
  if (process.env.TEST_POSTGRES_URL) return;
  try {
    const found = execFileSync("bash", ["scripts/ensure-postgres.sh"], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] });
    const url = found
      .trim()
      .split("\n")
      .at(-1)
      ?.replace(/^TEST_POSTGRES_URL=/, "");
    if (url) process.env.TEST_POSTGRES_URL = url;
  } catch {
    // No PostgreSQL here.
  }
}
