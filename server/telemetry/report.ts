import { BRANDS } from "../../common/brands/index.ts";
import { CHALLENGE_OUTCOMES, type ChallengeOutcome } from "../../common/challenge.ts";
import { MAIL_RATE_WINDOWS, type MailRateWindow } from "../../common/mail-rates.ts";
import { GOOD_VITALS, type OperationsReport, SIGN_IN_METHODS, type SignInMethod, type VitalName } from "../../common/telemetry.ts";
import type { Db } from "../db/database.ts";
import { logoutDeliveriesSince } from "../db/logout-deliveries.ts";
import { deliveryRatesSince } from "../mail/delivery-state.ts";
import { mailSince } from "../mail/outbox.ts";

/** The most rows one figure reads: a busy month is summarised from its newest rows. */
const ROW_CAP = 100_000;
const DAY_MS = 86_400_000;

/** The 75th percentile (nearest rank), as web.dev computes a page's vitals. */
function percentile75(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil(sorted.length * 0.75) - 1)] ?? 0;
}

function detailOf(detail: string | null): Record<string, unknown> {
  try {
    return detail ? (JSON.parse(detail) as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/**
 * The operations page's figures for the last `days` days, computed here rather than in SQL so that
 * SQLite and PostgreSQL give the same answer (neither shares a percentile function with the other).
 */
export async function operationsReport(db: Db, days: number, now = Date.now()): Promise<OperationsReport> {
  const since = now - days * DAY_MS;
  // The funnel's first step is a view of any brand's sign-in screen; "link opened", of its access-link page.
  const signInScreens = [...new Set(BRANDS.flatMap((brand) => [brand.paths.emailLogin, brand.paths.passwordLogin]))];
  const accessLinkScreens = BRANDS.map((brand) => brand.paths.accessLink);
  const recent = db.selectFrom("telemetry_events").where("created_at", ">=", since);

  const vitalRows = await recent
    .select(["screen", "brand", "name", "value"])
    .where("kind", "=", "vital")
    .orderBy("created_at", "desc")
    .limit(ROW_CAP)
    .execute();
  const groups = new Map<string, { screen: string; brand: string; name: VitalName; values: number[] }>();
  for (const row of vitalRows) {
    const key = `${row.screen}\u0000${row.brand}\u0000${row.name}`;
    const group = groups.get(key) ?? { screen: row.screen, brand: row.brand, name: row.name as VitalName, values: [] };
    group.values.push(Number(row.value));
    groups.set(key, group);
  }
  const vitals = [...groups.values()]
    .map(({ screen, brand, name, values }) => {
      const p75 = percentile75(values);
      return { screen, brand, name, p75, samples: values.length, good: p75 <= GOOD_VITALS[name] };
    })
    .sort((a, b) => a.screen.localeCompare(b.screen) || a.brand.localeCompare(b.brand) || a.name.localeCompare(b.name));

  const views = await recent
    .select(["screen"])
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("kind", "=", "page_view")
    .where("screen", "in", [...signInScreens, ...accessLinkScreens])
    .groupBy("screen")
    .execute();
  const viewsOf = (screens: string[]) => views.filter((row) => screens.includes(row.screen)).reduce((sum, row) => sum + Number(row.n), 0);

  // Counted in SQL over the period's newest ROW_CAP steps: a step's detail is its method and code.
  const newestSteps = recent.select(["name", "detail"]).where("kind", "=", "funnel").orderBy("created_at", "desc").limit(ROW_CAP);
  const funnelRows = await db
    .selectFrom(newestSteps.as("step"))
    .select(["step.name", "step.detail"])
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .groupBy(["step.name", "step.detail"])
    .execute();
  let linkRequests = 0;
  const signIns = new Map<SignInMethod, number>(SIGN_IN_METHODS.map((method) => [method, 0]));
  const refusals = new Map<string, { method: string; code: string; count: number }>();
  for (const row of funnelRows) {
    const detail = detailOf(row.detail);
    const count = Number(row.n);
    if (row.name === "link_requested") linkRequests += count;
    else if (row.name === "signed_in" && signIns.has(detail.method as SignInMethod)) {
      signIns.set(detail.method as SignInMethod, (signIns.get(detail.method as SignInMethod) ?? 0) + count);
    } else if (row.name === "refused") {
      const method = String(detail.method ?? "unknown");
      const code = String(detail.code ?? "UNKNOWN");
      const entry = refusals.get(`${method} ${code}`) ?? { method, code, count: 0 };
      entry.count += count;
      refusals.set(`${method} ${code}`, entry);
    }
  }

  const errors = await topErrors(db, since);
  const challenges = await humanChecks(db, since);

  const outboxRows = await mailSince(db, since, ROW_CAP);
  const outbox = { pending: 0, retrying: 0, sent: 0, failed: 0 };
  for (const row of outboxRows) {
    if (row.sent_at !== null) outbox.sent += 1;
    else if (row.failed_at !== null) outbox.failed += 1;
    else if (row.attempts > 0) outbox.retrying += 1;
    else outbox.pending += 1;
  }

  const logoutTokens = await logoutTokenDeliveries(db, since);

  // The relay's look is over the recent past, so these are over the last hour and day, not the period.
  const mailRates: OperationsReport["mailRates"] = [];
  for (const window of Object.keys(MAIL_RATE_WINDOWS) as MailRateWindow[])
    mailRates.push({ window, ...(await deliveryRatesSince(db, now - MAIL_RATE_WINDOWS[window])) });

  return {
    days,
    vitals,
    funnel: [
      { step: "screen_shown", count: viewsOf(signInScreens) },
      { step: "link_requested", count: linkRequests },
      { step: "link_opened", count: viewsOf(accessLinkScreens) },
      ...[...signIns].map(([method, count]) => ({ step: "signed_in" as const, method, count })),
    ],
    refusals: [...refusals.values()].sort((a, b) => b.count - a.count),
    errors,
    outbox,
    logoutTokens,
    mailRates,
    challenges,
  };
}

/** The period's newest ROW_CAP events of a kind: what a figure is counted over, however many the table holds. */
function newestOfKind(db: Db, kind: string, since: number) {
  return db
    .selectFrom("telemetry_events")
    .where("kind", "=", kind)
    .where("created_at", ">=", since)
    .orderBy("created_at", "desc")
    .limit(ROW_CAP);
}

/** The period's human checks by outcome (decision 93), counted in SQL over its newest ROW_CAP. */
async function humanChecks(db: Db, since: number): Promise<OperationsReport["challenges"]> {
  const newest = newestOfKind(db, "challenge", since).select("name");
  const rows = await db
    .selectFrom(newest.as("checked"))
    .select("checked.name")
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .groupBy("checked.name")
    .execute();
  const counts = Object.fromEntries(CHALLENGE_OUTCOMES.map((outcome) => [outcome, 0])) as Record<ChallengeOutcome, number>;
  for (const row of rows) if (row.name in counts) counts[row.name as ChallengeOutcome] = Number(row.n);
  return counts;
}

/**
 * The period's logout tokens to apps by state, and the apps whose tokens finally failed: an app
 * that no longer hears of sign-outs keeps customers signed in, which an operator must see.
 */
async function logoutTokenDeliveries(db: Db, since: number): Promise<OperationsReport["logoutTokens"]> {
  const rows = await logoutDeliveriesSince(db, since, ROW_CAP);
  const counts = { pending: 0, retrying: 0, delivered: 0, failed: 0 };
  const failedApps = new Map<string, OperationsReport["logoutTokens"]["failedApps"][number]>();
  for (const row of rows) {
    if (row.delivered_at !== null) counts.delivered += 1;
    else if (row.failed_at !== null) {
      counts.failed += 1;
      // Newest first: the first failure seen of an app is its last.
      const app = failedApps.get(row.client_id);
      if (app) app.count += 1;
      else
        failedApps.set(row.client_id, {
          clientId: row.client_id,
          count: 1,
          lastError: row.last_error,
          lastFailedAt: Number(row.failed_at),
        });
    } else if (Number(row.attempts) > 0) counts.retrying += 1;
    else counts.pending += 1;
  }
  return { ...counts, failedApps: [...failedApps.values()].sort((a, b) => b.count - a.count) };
}

/** How many error groups the page shows. */
const TOP_ERRORS = 10;

/**
 * The most frequent client errors of the period, grouped by fingerprint in SQL over its newest
 * ROW_CAP reports: the server holds ten groups and ten example rows, never the reports themselves,
 * however many there are. Each group shows its newest report's message and mapped source.
 */
async function topErrors(db: Db, since: number): Promise<OperationsReport["errors"]> {
  const newest = newestOfKind(db, "error", since).select(["fingerprint", "created_at"]);
  const groups = await db
    .selectFrom(newest.as("report"))
    .select("report.fingerprint")
    .select((eb) => [eb.fn.countAll<number | string>().as("n"), eb.fn.max("report.created_at").as("last_seen")])
    .groupBy("report.fingerprint")
    .orderBy("n", "desc")
    .orderBy("last_seen", "desc")
    .limit(TOP_ERRORS)
    .execute();
  return Promise.all(
    groups.map(async (group) => {
      const lastSeen = Number(group.last_seen);
      const example = await db
        .selectFrom("telemetry_events")
        .select(["name", "detail"])
        .where("kind", "=", "error")
        .where((eb) => (group.fingerprint === null ? eb("fingerprint", "is", null) : eb("fingerprint", "=", group.fingerprint)))
        .where("created_at", "=", lastSeen)
        .limit(1)
        .executeTakeFirst();
      const detail = detailOf(example?.detail ?? null);
      return {
        fingerprint: group.fingerprint ?? "",
        message: String(detail.message ?? "").slice(0, 300),
        source: typeof detail.source === "string" ? detail.source : null,
        kind: example?.name ?? "error",
        count: Number(group.n),
        lastSeen,
      };
    }),
  );
}
