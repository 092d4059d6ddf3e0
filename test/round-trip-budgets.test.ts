import { expect, it } from "vitest";
import { describeRoundTrip, measureRoundTrip } from "../bench/round-trip-statements.ts";
import { describeOnPostgres } from "./support/databases.ts";

/**
 * The OpenID round trip's statement budget on PostgreSQL (docs/decisions/0089): a desktop agent's
 * authorization in a browser already signed in, with its grant, the code's exchange and a refresh,
 * the third of each, as a busy server runs them (bench/round-trip-statements.ts). It fails when one
 * grows past its budget: statements, and commits that write (each a flush of PostgreSQL's log).
 */
const BUDGETS = {
  authorization: { statements: 5, writeCommits: 2 },
  exchange: { statements: 5, writeCommits: 2 },
  refresh: { statements: 5, writeCommits: 2 },
};

describeOnPostgres("the OpenID round trip's budget on %s", () => {
  it("keeps an authorization, an exchange and a refresh within their statements and commits", async () => {
    const costs = await measureRoundTrip();
    const listing = describeRoundTrip(costs).join("\n");
    for (const [name, budget] of Object.entries(BUDGETS)) {
      const cost = costs[name as keyof typeof costs];
      expect(cost.statements.length, listing).toBeLessThanOrEqual(budget.statements);
      expect(cost.writeCommits, listing).toBeLessThanOrEqual(budget.writeCommits);
    }
  });
});
