import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/**
 * The layer rules of biome.json (docs/architecture.md, "Layers"), run by the real linter on probe files laid out
 * like the project: each probe imports one module, and the linter must refuse exactly the imports
 * that cross a boundary.
 */
const ROOT = join(import.meta.dirname, "..");
const PROBES: { file: string; imports: string; refused: boolean }[] = [
  { file: "web/features/login/CrossFeature.tsx", imports: "../maverick/MaverickLoginPage.tsx", refused: true },
  { file: "web/features/login/OwnModule.tsx", imports: "./session-check.ts", refused: false },
  { file: "web/features/login/CrossFeatureLong.tsx", imports: "../../features/maverick/MaverickLoginPage.tsx", refused: true },
  { file: "web/features/login/SharedUi.tsx", imports: "../../ui/Button.tsx", refused: false },
  { file: "web/features/login/SharedForm.tsx", imports: "../../forms/EmailSignIn.tsx", refused: false },
  { file: "web/features/login/Platform.tsx", imports: "../../platform/router.ts", refused: false },
  { file: "web/features/login/Common.tsx", imports: "../../../common/query.ts", refused: false },
  { file: "web/features/login/AppFromFeature.tsx", imports: "../../app/routes.ts", refused: true },
  { file: "web/ui/AppFromUi.tsx", imports: "../app/App.tsx", refused: true },
  { file: "web/api/AppFromApi.ts", imports: "../app/routes.ts", refused: true },
  { file: "web/forms/AppFromForms.tsx", imports: "../app/routes.ts", refused: true },
  { file: "web/ui/FeatureFromUi.tsx", imports: "../features/login/LoginPage.tsx", refused: true },
  { file: "web/ui/PlatformFromUi.tsx", imports: "../platform/router.ts", refused: false },
  { file: "web/app/FeatureFromApp.tsx", imports: "../features/login/LoginPage.tsx", refused: false },
  { file: "web/forms/ServerFromWeb.ts", imports: "../../server/app.ts", refused: true },
  { file: "web/features/login/ServerFromFeature.ts", imports: "../../../server/secrets/tokens.ts", refused: true },
  { file: "server/http/WebFromServer.ts", imports: "../../web/app/routes.ts", refused: true },
  { file: "server/auth/FastifyFromAuth.ts", imports: "fastify", refused: true },
  { file: "server/auth/RoutesFromAuth.ts", imports: "../http/caller.ts", refused: true },
  { file: "server/auth/WebFromAuth.ts", imports: "../../web/app/routes.ts", refused: true },
  { file: "server/auth/CookiesFromAuth.ts", imports: "../base/cookies.ts", refused: false },
  // server/auth/: the kernel serves every way in; a way in imports the kernel and its own folder only.
  { file: "server/auth/kernel/WayFromKernel.ts", imports: "../passkey/passkeys.ts", refused: true },
  { file: "server/auth/kernel/AccountFromKernel.ts", imports: "../account/my-account.ts", refused: true },
  { file: "server/auth/kernel/OwnFromKernel.ts", imports: "./sessions.ts", refused: false },
  { file: "server/auth/kernel/ConfigFromKernel.ts", imports: "../../base/config.ts", refused: false },
  { file: "server/auth/kernel/FastifyFromKernel.ts", imports: "fastify", refused: true },
  { file: "server/auth/kernel/RoutesFromKernel.ts", imports: "../../http/caller.ts", refused: true },
  { file: "server/auth/password/WayFromWay.ts", imports: "../access-link/access-links.ts", refused: true },
  { file: "server/auth/password/LongWayFromWay.ts", imports: "../../auth/passkey/passkeys.ts", refused: true },
  { file: "server/auth/password/KernelFromWay.ts", imports: "../kernel/sessions.ts", refused: false },
  { file: "server/auth/password/OwnFromWay.ts", imports: "./password-reset.ts", refused: false },
  { file: "server/auth/google/AccountFromWay.ts", imports: "../account/my-account.ts", refused: true },
  { file: "server/auth/google/FastifyFromWay.ts", imports: "fastify", refused: true },
  { file: "server/auth/microsoft/GoogleFromMicrosoft.ts", imports: "../google/google-sign-in.ts", refused: true },
  { file: "server/auth/microsoft/SocialFromMicrosoft.ts", imports: "../social/openid-sign-in.ts", refused: false },
  { file: "server/auth/google/SocialFromGoogle.ts", imports: "../social/external-logins.ts", refused: false },
  { file: "server/auth/kernel/SocialFromKernel.ts", imports: "../social/external-logins.ts", refused: true },
  { file: "server/auth/social/GoogleFromSocial.ts", imports: "../google/google-sign-in.ts", refused: true },
  { file: "server/auth/social/KernelFromSocial.ts", imports: "../kernel/accounts.ts", refused: false },
  { file: "server/auth/microsoft/FastifyFromWay.ts", imports: "fastify", refused: true },
  { file: "server/auth/google/MicrosoftFromGoogle.ts", imports: "../microsoft/microsoft-sign-in.ts", refused: true },
  { file: "server/auth/kernel/MicrosoftFromKernel.ts", imports: "../microsoft/microsoft-identity.ts", refused: true },
  { file: "server/auth/passkey/SupportFromWay.ts", imports: "../support/support-actions.ts", refused: true },
  { file: "server/auth/access-link/CommonFromWay.ts", imports: "../../../common/email.ts", refused: false },
  { file: "server/auth/access-link/MailFromWay.ts", imports: "../../mail/outbox.ts", refused: false },
  { file: "server/auth/account/WayFromAccount.ts", imports: "../passkey/passkeys.ts", refused: false },
  { file: "server/auth/account/SupportFromAccount.ts", imports: "../support/support-console.ts", refused: true },
  { file: "server/auth/account/email-change/SupportFromEmailChange.ts", imports: "../../support/support-actions.ts", refused: true },
  { file: "server/auth/account/email-change/KernelFromEmailChange.ts", imports: "../../kernel/sessions.ts", refused: false },
  { file: "server/auth/account/RoutesFromAccount.ts", imports: "../../http/caller.ts", refused: true },
  { file: "server/auth/support/AccountFromSupport.ts", imports: "../account/account-deletion.ts", refused: false },
  { file: "server/auth/support/RoutesFromSupport.ts", imports: "../../http/caller.ts", refused: true },
  // A way in's door (http.ts) speaks HTTP for its own folder's flows and the kernel; its flows never do.
  { file: "server/auth/passkey/http.ts", imports: "fastify", refused: false },
  { file: "server/auth/password/http.ts", imports: "../../http/contract-route.ts", refused: false },
  { file: "server/auth/not-me/http.ts", imports: "../kernel/not-me.ts", refused: false },
  { file: "server/auth/access-link/http.ts", imports: "./access-links.ts", refused: false },
  { file: "server/auth/google/http.ts", imports: "../passkey/passkeys.ts", refused: true },
  { file: "server/auth/microsoft/http.ts", imports: "../google/http.ts", refused: true },
  { file: "server/auth/passkey/FastifyFromFlow.ts", imports: "fastify", refused: true },
  { file: "server/auth/not-me/FastifyFromFlow.ts", imports: "fastify", refused: true },
  { file: "server/auth/password/RoutesFromFlow.ts", imports: "../../http/contract-route.ts", refused: true },
  // server/telemetry/: told by the routes who signed in, it never reads them or the flows back.
  { file: "server/telemetry/RoutesFromTelemetry.ts", imports: "../http/caller.ts", refused: true },
  { file: "server/telemetry/SessionsFromTelemetry.ts", imports: "../auth/kernel/sessions.ts", refused: true },
  { file: "server/telemetry/WayFromTelemetry.ts", imports: "../auth/password/password-login.ts", refused: true },
  { file: "server/telemetry/ProviderFromTelemetry.ts", imports: "../provider/provider.ts", refused: true },
  { file: "server/telemetry/WebFromTelemetry.ts", imports: "../../web/app/routes.ts", refused: true },
  { file: "server/telemetry/LimitsFromTelemetry.ts", imports: "../auth/kernel/rate-limit.ts", refused: false },
  { file: "server/telemetry/BucketsFromTelemetry.ts", imports: "../base/rate-limit-buckets.ts", refused: false },
  { file: "server/telemetry/DbFromTelemetry.ts", imports: "../db/database.ts", refused: false },
  { file: "server/http/FastifyFromHttp.ts", imports: "fastify", refused: false },
  { file: "server/http/AuthFromHttp.ts", imports: "../auth/kernel/caller.ts", refused: false },
  { file: "server/CommonFromServer.ts", imports: "../common/email.ts", refused: false },
  { file: "common/ServerFromCommon.ts", imports: "../server/app.ts", refused: true },
  { file: "common/WebFromCommon.ts", imports: "../web/platform/router.ts", refused: true },
];

describe("layer boundaries (biome.json)", () => {
  let dir: string;
  let report: string;
  let status: number | null;

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), "boundaries-"));
    const config = JSON.parse(readFileSync(join(ROOT, "biome.json"), "utf8"));
    delete config.$schema;
    config.vcs = { enabled: false };
    writeFileSync(join(dir, "biome.json"), JSON.stringify(config));
    for (const probe of PROBES) {
      mkdirSync(join(dir, dirname(probe.file)), { recursive: true });
      writeFileSync(join(dir, probe.file), `import { value } from "${probe.imports}";\n\nexport const probe = value;\n`);
    }
    const run = spawnSync(join(ROOT, "node_modules/.bin/biome"), ["lint", "--max-diagnostics=none", "--colors=off", "."], {
      cwd: dir,
      encoding: "utf8",
    });
    report = `${run.stdout}${run.stderr}`;
    status = run.status;
  });
  afterAll(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  it("fails the lint run when any import crosses a boundary", () => {
    expect(status).not.toBe(0);
  });

  it.each(PROBES)("$file importing $imports: refused $refused", ({ file, refused }) => {
    const flagged = new RegExp(`${file.replaceAll(".", "\\.")}:\\d+:\\d+ lint/style/noRestrictedImports`).test(report);
    expect(flagged).toBe(refused);
  });
});

/**
 * Each door in its room: a way in's door (server/auth/<way>/http.ts) mounts its own endpoints and
 * no other way in's, and once a way in has its door, no other file mounts its endpoints. Which way
 * in an endpoint belongs to is read from its path.
 */
const OWNERS: { owner: string; prefixes: string[] }[] = [
  { owner: "access-link", prefixes: ["/api/access-link"] },
  { owner: "password", prefixes: ["/api/password/", "/api/me/password", "/api/dsone/password-login", "/api/maverick/password-login"] },
  { owner: "passkey", prefixes: ["/api/passkey/", "/api/me/passkeys/", "/.well-known/passkey-endpoints", "/.well-known/webauthn"] },
  // Microsoft's start address sits under Google's /external/: the longer prefix is read first.
  { owner: "microsoft", prefixes: ["/external/login/microsoft", "/signin-microsoft", "/api/me/unlink-microsoft"] },
  { owner: "google", prefixes: ["/external/", "/signin-google", "/api/me/unlink-google"] },
  { owner: "not-me", prefixes: ["/api/not-me/"] },
  { owner: "desktop", prefixes: ["/api/dsone/auto-login", "/api/maverick/auto-login", "/api/maverick/session"] },
  { owner: "earlier", prefixes: ["/api/account/", "/account/logout", "/notifications/"] },
  { owner: "support", prefixes: ["/api/support/", "/api/admin/"] },
  // After the ways in: /api/me/password, /api/me/passkeys/ and /api/me/unlink-google are theirs.
  { owner: "account", prefixes: ["/api/me", "/api/email-change/", "/api/dsone/session", "/api/session/logout"] },
];

function ownerOf(path: string): string | undefined {
  return OWNERS.find(({ prefixes }) => prefixes.some((prefix) => path === prefix || path.startsWith(prefix)))?.owner;
}

/** The paths a module mounts: `contractRoute(app, "POST /api/…"` and `app.get("/…"`. */
function mountedPaths(source: string): string[] {
  const contract = [...source.matchAll(/contractRoute\(\s*app,\s*"[A-Z]+ ([^"]+)"/g)].map((match) => match[1] as string);
  const direct = [...source.matchAll(/app\.(?:get|post|put|delete|route)\(\s*"([^"]+)"/g)].map((match) => match[1] as string);
  return [...contract, ...direct];
}

/** What is wrong with one module: a door mounting another way in's endpoint, or any other module mounting a door's. */
function doorViolations(file: string, source: string, doors: Set<string>): string[] {
  const door = /^server\/auth\/([^/]+)\/(?:[^/]+\/)?http\.ts$/.exec(file)?.[1];
  return mountedPaths(source).flatMap((path) => {
    const owner = ownerOf(path);
    if (door !== undefined && owner !== door) return [`${file} mounts ${path}, which is ${owner ?? "no way in"}'s`];
    if (door === undefined && owner !== undefined && doors.has(owner))
      return [`${file} mounts ${path}, which server/auth/${owner}/http.ts mounts`];
    return [];
  });
}

function serverModules(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith(".ts"))
    .map((entry) => join(entry.parentPath, entry.name).slice(ROOT.length + 1));
}

describe("doors (server/auth/<way>/http.ts)", () => {
  const doors = new Set(OWNERS.map(({ owner }) => owner).filter((owner) => existsSync(join(ROOT, "server/auth", owner, "http.ts"))));

  it("are where the ways in are mounted", () => {
    expect([...doors]).toEqual(
      expect.arrayContaining([
        "access-link",
        "password",
        "passkey",
        "google",
        "microsoft",
        "not-me",
        "desktop",
        "earlier",
        "support",
        "account",
      ]),
    );
  });

  it("each mount only their own way in's endpoints, and nothing else mounts them", () => {
    const modules = serverModules("server");
    const violations = modules.flatMap((file) => doorViolations(file, readFileSync(join(ROOT, file), "utf8"), doors));
    expect(violations).toEqual([]);
  });

  it.each([
    { file: "server/auth/password/http.ts", source: `contractRoute(app, "POST /api/passkey/sign-in", handler);`, refused: true },
    { file: "server/auth/passkey/http.ts", source: `contractRoute(app, "POST /api/not-me/check", handler);`, refused: true },
    { file: "server/auth/passkey/http.ts", source: `contractRoute(app, "GET /api/me", handler);`, refused: true },
    { file: "server/auth/google/http.ts", source: `app.get("/api/password/forgot", handler);`, refused: true },
    { file: "server/auth/google/http.ts", source: `app.get("/external/login/microsoft", handler);`, refused: true },
    { file: "server/auth/microsoft/http.ts", source: `contractRoute(app, "POST /api/me/unlink-google", handler);`, refused: true },
    { file: "server/auth/microsoft/http.ts", source: `app.get("/external/login/microsoft", handler);`, refused: false },
    { file: "server/auth/account/http.ts", source: `contractRoute(app, "POST /api/me/passkeys/remove", handler);`, refused: true },
    { file: "server/auth/passkey/http.ts", source: `contractRoute(app, "POST /api/me/passkeys/remove", handler);`, refused: false },
    { file: "server/auth/account/http.ts", source: `contractRoute(app, "POST /api/me/name", handler);`, refused: false },
  ])("$file mounting $source: refused $refused", ({ file, source, refused }) => {
    expect(doorViolations(file, source, new Set(["passkey", "not-me", "account"])).length > 0).toBe(refused);
  });
});

/**
 * A room's tests are found by its name: each folder of server/auth has test/auth/<folder>/ with at
 * least one test file in it.
 */
function roomsWithoutTests(rooms: string[], testFiles: string[]): string[] {
  return rooms.filter((room) => !testFiles.some((file) => file.startsWith(`test/auth/${room}/`) && file.endsWith(".test.ts")));
}

describe("tests beside their rooms (test/auth/<folder>/)", () => {
  const rooms = readdirSync(join(ROOT, "server/auth"), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

  it("every server/auth folder has tests under its name", () => {
    const testFiles = existsSync(join(ROOT, "test/auth"))
      ? (readdirSync(join(ROOT, "test/auth"), { recursive: true }) as string[]).map((file) => `test/auth/${file.split("\\").join("/")}`)
      : [];
    expect(rooms.length).toBeGreaterThan(5);
    expect(roomsWithoutTests(rooms, testFiles)).toEqual([]);
  });

  it.each([
    { rooms: ["passkey"], files: ["test/auth/passkey/passkeys.test.ts"], missing: [] },
    { rooms: ["passkey"], files: ["test/passkeys.test.ts"], missing: ["passkey"] },
    { rooms: ["passkey"], files: ["test/auth/passkey/helpers.ts"], missing: ["passkey"] },
    { rooms: ["not-me"], files: ["test/auth/not-me-ends-all.test.ts"], missing: ["not-me"] },
  ])("$rooms with $files: missing $missing", ({ rooms, files, missing }) => {
    expect(roomsWithoutTests(rooms, files)).toEqual(missing);
  });
});
