import * as client from "openid-client";
import { BrowserAgent } from "../test/support/browser-agent.ts";
import { proofKey } from "../test/support/dpop.ts";
import { costOf, type RanStatement, type RoundTripCost } from "../test/support/hot-statements.ts";
import { unlimitedRateLimits } from "../test/support/limits.ts";
import { discover, startAuthorization } from "../test/support/oidc-client.ts";
import { passwordSignIn, startOidcTestBed } from "../test/support/oidc-flow.ts";

/**
 * The statements of one OpenID round trip on PostgreSQL, each named by what it is for
 * (docs/decisions/0089): a desktop agent's authorization in a browser already signed in and
 * granted, the code's exchange, a refresh; the third of each, as a busy server runs them.
 * `npm run sizing` prints them; `npx node bench/round-trip-statements.ts` alone too.
 */
const PURPOSES: [RegExp, string | ((values: unknown[], text: string) => string)][] = [
  [/^\s*insert into rate_limits/i, "count the request against its per-address limit"],
  [/from "oidc_clients"/, "the client: its redirect addresses and settings"],
  [/from "sessions" inner join "accounts"/, "our session, its account, and the account's license and device for the client's product"],
  [/^\s*select "accounts"\."id"/, "the account, with its license and device for the client's product"],
  [/^\s*update "sessions" set "last_seen_at"/, "our session's last use (at most once a minute)"],
  [/^\s*insert into "dpop_proofs"/, "the DPoP proof, taken once (a replay finds it)"],
  [/^\s*update "oidc_payloads" set "consumed_at"/, (values) => `spend the ${String(values[1] ?? "code")} (single use)`],
  [/from "oidc_payloads" where "model" = \$1 and "id"/, (values) => `read the ${String(values[0])}`],
  [
    /^\s*insert into "oidc_payloads"/,
    (values) => `write the ${modelsIn(values).join(" and the ")}${modelsIn(values).length > 1 ? ", together" : ""}`,
  ],
  [
    /model = 'Grant' and id = \(/,
    (values, text) =>
      `read the ${String(values[0])} with its Grant${/union all/.test(text) ? ", its account and the account's standing" : ""}`,
  ],
];

const MODELS = new Set(["Session", "Grant", "AuthorizationCode", "AccessToken", "RefreshToken", "Interaction"]);

/** The models a write names among its values, in order. */
const modelsIn = (values: unknown[]) => values.filter((value): value is string => typeof value === "string" && MODELS.has(value));

function purposeOf({ text, values }: RanStatement): string {
  for (const [pattern, purpose] of PURPOSES) if (pattern.test(text)) return typeof purpose === "string" ? purpose : purpose(values, text);
  return text.replace(/\s+/g, " ").slice(0, 80);
}

/** One authorization, one exchange and one refresh, as their costs. */
export async function measureRoundTrip(): Promise<{ authorization: RoundTripCost; exchange: RoundTripCost; refresh: RoundTripCost }> {
  const bed = await startOidcTestBed("postgres", unlimitedRateLimits());
  try {
    const browser = new BrowserAgent();
    await passwordSignIn(bed, browser);
    const config = await discover(bed.issuer, "desktop-agent");
    const redirectUri = "http://127.0.0.1:9/callback";
    const dpop = client.getDPoPHandle(config, await proofKey());
    const authorize = async () => {
      const { url, checks } = await startAuthorization(config, redirectUri);
      const stop = await browser.follow(url, redirectUri);
      return { callbackUrl: new URL(stop.url), checks };
    };
    const exchange = (code: Awaited<ReturnType<typeof authorize>>) =>
      client.authorizationCodeGrant(config, code.callbackUrl, code.checks, undefined, { DPoP: dpop });
    await exchange(await authorize());
    const warm = await exchange(await authorize());
    await client.refreshTokenGrant(config, warm.refresh_token as string, undefined, { DPoP: dpop });
    let code: Awaited<ReturnType<typeof authorize>> | undefined;
    const authorization = await costOf(async () => {
      code = await authorize();
    });
    let tokens: Awaited<ReturnType<typeof exchange>> | undefined;
    const exchanged = await costOf(async () => {
      tokens = await exchange(code as NonNullable<typeof code>);
    });
    const refresh = await costOf(async () => {
      await client.refreshTokenGrant(config, tokens?.refresh_token as string, undefined, { DPoP: dpop });
    });
    return { authorization, exchange: exchanged, refresh };
  } finally {
    await bed.server.stop();
  }
}

/** The round trip as lines to print: each statement numbered and named. */
export function describeRoundTrip(costs: Awaited<ReturnType<typeof measureRoundTrip>>): string[] {
  return Object.entries(costs).flatMap(([name, cost]) => [
    `${name}: ${cost.statements.length} statements, ${cost.writeCommits} commits that wrote`,
    ...cost.ran.map((statement, index) => `  ${index + 1}. ${purposeOf(statement)}`),
  ]);
}

if (import.meta.main) {
  if (!process.env.TEST_POSTGRES_URL) throw new Error("set TEST_POSTGRES_URL: the round trip is counted on PostgreSQL");
  for (const line of describeRoundTrip(await measureRoundTrip())) console.log(line);
}
