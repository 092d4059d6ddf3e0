import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { computeMedianRun } from "lighthouse/core/lib/median-run.js";
import { dsone, maverick } from "../common/brands/index.ts";
import { DSONE_PRODUCT_ID } from "../common/products.ts";
import { buildIfStale } from "../scripts/build-if-stale.ts";
import { createAccount } from "../server/auth/kernel/accounts.ts";
import { issueToken, PURPOSES } from "../server/auth/kernel/one-time-tokens.ts";
import { openDatabase } from "../server/db/database.ts";
import { CHROMIUM_LAUNCH_OPTIONS } from "../test/support/chromium.ts";
import { createTestDatabase } from "../test/support/databases.ts";
import { spawnServer } from "../test/support/spawn-server.ts";

/**
 * Lighthouse's mobile performance audit (its defaults: a mid-range phone, simulated slow 4G and a
 * 4x slower CPU) of the screens a customer meets first, against the production build served by
 * the account server, in Debian's Chromium. Each screen is audited `runs` times and the median run
 * is kept (Lighthouse's own computeMedianRun: the run nearest the median FCP and time to
 * interactive), as Lighthouse advises: one run on a shared machine varies by hundreds of
 * milliseconds. A page with no script at all is audited the same way, as the floor: on a slow or
 * busy machine even it blocks the main thread (the browser's own work, four times slower), and
 * the screens are read against it.
 */
export interface LighthouseFigures {
  screen: string;
  score: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  transferredBytes: number;
}

const AUDITS = {
  fcpMs: "first-contentful-paint",
  lcpMs: "largest-contentful-paint",
  tbtMs: "total-blocking-time",
  cls: "cumulative-layout-shift",
  transferredBytes: "total-byte-weight",
} as const;

/**
 * One audit. Lighthouse sometimes loses the trace of a load on a busy machine (NO_NAVSTART,
 * NO_FCP); such a run measured nothing, so it is run again, up to three times.
 */
async function audit(url: string, port: number) {
  for (let attempt = 1; ; attempt += 1) {
    const result = await lighthouse(url, { port, onlyCategories: ["performance"], logLevel: "error" });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    if (!result.lhr.runtimeError) return result.lhr;
    if (attempt === 3) throw new Error(`Lighthouse failed on ${url}: ${result.lhr.runtimeError.message}`);
  }
}

/** The page without script that the screens' figures are read against. */
const REFERENCE_SCREEN = "floor: a page with no script";

export async function measureLighthouse(runs = 3): Promise<LighthouseFigures[]> {
  buildIfStale();
  const database = await createTestDatabase("sqlite");
  const { db } = await openDatabase(database.url);
  const account = await createAccount(db, { email: "bench-lighthouse@example.com", product: "dsone" });
  // A real, unspent access link: the page shows its Sign In button, as it does from the mail.
  const token = await issueToken(db, PURPOSES.accessLink, {
    accountId: account.id,
    productId: DSONE_PRODUCT_ID,
    returnUrl: null,
    lifetimeMs: 3_600_000,
  });
  await db.destroy();
  const server = await spawnServer({ DATABASE_URL: database.url, LOG_LEVEL: "error" });
  const screens: [string, string][] = [
    // With the ReturnUrl an app sends: without one and signed out, the login leaves for the product.
    ["DS One login", `${dsone.paths.login}?ReturnUrl=%2Fdemo%2Fdsone%2Fui`],
    ["DS One password login", dsone.paths.passwordLogin],
    ["Maverick Safe password login", maverick.paths.passwordLogin],
    ["DS One forgot password", dsone.paths.forgotPassword],
    ["DS One access link", `${dsone.paths.accessLink}?token=${token}`],
    // In German, and in Arabic (right to left): each language is a build and a rendering of its own.
    ["DS One login, German", `${dsone.paths.login}?ReturnUrl=%2Fdemo%2Fdsone%2Fui&lang=de`],
    ["DS One password login, German", `${dsone.paths.passwordLogin}?lang=de`],
    ["DS One login, Arabic", `${dsone.paths.login}?ReturnUrl=%2Fdemo%2Fdsone%2Fui&lang=ar`],
    ["Maverick Safe password, Arabic", `${maverick.paths.passwordLogin}?lang=ar`],
    // The floor: a page with no script and one small stylesheet (a stand-in legal page). Whatever
    // it scores, the browser alone costs on this machine in this run; the screens compare to it.
    [REFERENCE_SCREEN, "/demo/legal/privacy-policy"],
  ];
  // LIGHTHOUSE_ONLY="German|Arabic" audits the screens whose name matches (and the floor).
  const only = process.env.LIGHTHOUSE_ONLY ? new RegExp(process.env.LIGHTHOUSE_ONLY) : undefined;
  if (only) screens.splice(0, screens.length, ...screens.filter(([screen]) => only.test(screen) || screen === REFERENCE_SCREEN));
  // LIGHTHOUSE_ADDRESS_LITERAL=1 audits the pages at 127.0.0.1, an origin every browser refuses
  // passkey ceremonies on: the screens must not ask for challenges there (docs/decisions/0065).
  const origin = process.env.LIGHTHOUSE_ADDRESS_LITERAL ? server.url.replace("//localhost:", "//127.0.0.1:") : server.url;
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_LAUNCH_OPTIONS.executablePath,
    chromeFlags: ["--headless=new", ...CHROMIUM_LAUNCH_OPTIONS.args],
  });
  try {
    // A language's screens are rendered ahead when its first visitor comes: that visit is not measured.
    for (const [, path] of screens) await fetch(`${origin}${path}`);
    const figures: LighthouseFigures[] = [];
    for (const [screen, path] of screens) {
      const audits = [];
      for (let run = 0; run < runs; run++) audits.push(await audit(`${origin}${path}`, chrome.port));
      const lhr = computeMedianRun(audits);
      const value = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
      figures.push({
        screen,
        score: lhr.categories.performance?.score ?? Number.NaN,
        fcpMs: value(AUDITS.fcpMs),
        lcpMs: value(AUDITS.lcpMs),
        tbtMs: value(AUDITS.tbtMs),
        cls: value(AUDITS.cls),
        transferredBytes: value(AUDITS.transferredBytes),
      });
    }
    return figures;
  } finally {
    chrome.kill();
    await server.stop();
    await database.drop();
  }
}

export function describeLighthouse(figures: LighthouseFigures[]): string[] {
  return figures.map(
    (figure) =>
      `  ${figure.screen.padEnd(30)} score ${figure.score.toFixed(2)}  FCP ${Math.round(figure.fcpMs)} ms  LCP ${Math.round(figure.lcpMs)} ms  TBT ${Math.round(figure.tbtMs)} ms  CLS ${figure.cls.toFixed(3)}  ${figure.transferredBytes} B`,
  );
}

if (import.meta.main)
  for (const line of describeLighthouse(await measureLighthouse(Number(process.env.LIGHTHOUSE_RUNS ?? 3)))) console.log(line);
