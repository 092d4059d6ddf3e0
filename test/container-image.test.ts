import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import {
  copyFileSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEVELOPMENT_FOLDER } from "../scripts/bundle-server.ts";
import { loadConfig } from "../server/base/config.ts";
import { createTestDatabase, type TestDatabase } from "./support/databases.ts";
import { PRODUCTION_ADDRESSES } from "./support/production-env.ts";
import { linkIn, SmtpSink } from "./support/smtp-sink.ts";
import { freePort, SERVER_NODE_FLAGS } from "./support/spawn-server.ts";

/**
 * The container image (Containerfile), built and run for real: podman builds it on a base made here
 * (no registry is reachable, so no node:24-slim), its file system is taken out of the image, and
 * the server starts from it with chroot, as the image's user, with the image's command, working
 * folder and environment plus a production configuration, on an SQLite file and a real SMTP sink:
 * there its files, its user and its process can be looked at from outside. Then podman runs it as
 * containers, two on one PostgreSQL, as compose.yaml does.
 *
 * The base stands in for node:24-slim: Debian (debootstrap's minimal variant, from this machine's
 * apt mirror, kept between runs in /var/tmp) with the project's own Node 24, the machine's npm and
 * its certificate authorities (the registry may only be reachable through a proxy that re-signs).
 *
 * It needs root, podman, runc and debootstrap; without them it is skipped, unless
 * CONTAINER_IMAGE_TEST is `required` (.ci/run sets it when it has installed them), where their
 * absence fails it.
 */
const ROOT = join(import.meta.dirname, "..");
const has = (tool: string) => spawnSync("sh", ["-c", `command -v ${tool}`]).status === 0;
const REQUIRED = process.env.CONTAINER_IMAGE_TEST === "required";
const RUNNABLE = process.getuid?.() === 0 && has("podman") && has("debootstrap") && has("unshare") && has("chroot");
const CACHE = "/var/tmp/account-server-image-test";
/** A tag of this run's own: two runs at once build, mount and remove each its own. */
const IMAGE = `localhost/account-server:test-${process.pid}`;
const PROJECT_NODE = join(ROOT, "node_modules", "node", "bin", "node");

function run(command: string, args: string[], options: { input?: string; timeoutMs?: number } = {}): string {
  const result = spawnSync(command, args, {
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
    timeout: options.timeoutMs ?? 600_000,
    input: options.input,
  });
  if (result.status !== 0) {
    throw new Error(`${command} ${args.join(" ")} failed (${result.error?.message ?? result.status}):\n${result.stdout}\n${result.stderr}`);
  }
  return result.stdout;
}

/** The Debian suite and mirror this machine's apt uses (the base is made from the same). */
function aptMirror(): { suite: string; mirror: string } {
  const release = existsSync("/etc/os-release") ? readFileSync("/etc/os-release", "utf8") : "";
  const suite = release.match(/^VERSION_CODENAME=(\w+)/m)?.[1] ?? "bookworm";
  const sources = ["/etc/apt/sources.list", ...readdirOr("/etc/apt/sources.list.d").map((name) => join("/etc/apt/sources.list.d", name))]
    .filter((path) => existsSync(path) && !path.endsWith("/sources.list.d"))
    .map((path) => readFileSync(path, "utf8"))
    .join("\n");
  // deb822 (URIs: …) or one-line (deb … suite main) sources; the main archive, not security's.
  const mirrors = [
    ...sources.matchAll(/^(?:URIs:\s*|deb\s+(?:\[[^\]]*\]\s+)?)(\S+\/debian)\/?\s*$/gm),
    ...sources.matchAll(/^deb\s+(?:\[[^\]]*\]\s+)?(\S+\/debian)\/?\s+\w+/gm),
  ];
  return { suite, mirror: mirrors[0]?.[1] ?? "http://deb.debian.org/debian" };
}

function readdirOr(path: string): string[] {
  return existsSync(path) ? readdirSync(path) : [];
}

/** The stand-in for node:24-slim, made once per suite and Node version (the Debian part kept in /var/tmp). */
function baseImage(): string {
  const { suite, mirror } = aptMirror();
  const nodeVersion = run(PROJECT_NODE, ["--version"]).trim();
  const base = `localhost/account-server-test-base:${suite}-node${nodeVersion.replace(/^v/, "")}`;
  if (spawnSync("podman", ["image", "exists", base]).status === 0) return base;
  const debian = `localhost/account-server-test-debian:${suite}`;
  if (spawnSync("podman", ["image", "exists", debian]).status !== 0) {
    mkdirSync(CACHE, { recursive: true });
    const tarball = join(CACHE, `debian-${suite}-minbase.tar`);
    if (!existsSync(tarball)) {
      const rootfs = mkdtempSync(join(CACHE, "rootfs-"));
      try {
        run("debootstrap", ["--variant=minbase", suite, rootfs, mirror]);
        rmSync(join(rootfs, "var", "cache", "apt", "archives"), { recursive: true, force: true });
        run("tar", ["-C", rootfs, "-cf", `${tarball}.partial`, "."]);
        renameSync(`${tarball}.partial`, tarball);
      } finally {
        rmSync(rootfs, { recursive: true, force: true });
      }
    }
    run("podman", ["import", tarball, debian]);
  }
  // Node and npm where node:24-slim has them, and the machine's certificate authorities.
  const context = mkdtempSync(join(tmpdir(), "account-base-"));
  try {
    copyFileSync(PROJECT_NODE, join(context, "node"));
    cpSync(join(run("npm", ["root", "-g"]).trim(), "npm"), join(context, "npm"), { recursive: true });
    const authorities = "/etc/ssl/certs/ca-certificates.crt";
    if (existsSync(authorities)) copyFileSync(authorities, join(context, "ca-certificates.crt"));
    else writeFileSync(join(context, "ca-certificates.crt"), "");
    writeFileSync(
      join(context, "Containerfile"),
      [
        `FROM ${debian}`,
        "COPY node /usr/local/bin/node",
        "COPY npm /usr/local/lib/node_modules/npm",
        "COPY ca-certificates.crt /etc/ssl/certs/ca-certificates.crt",
        "RUN ln -s ../lib/node_modules/npm/bin/npm-cli.js /usr/local/bin/npm && ln -s ../lib/node_modules/npm/bin/npx-cli.js /usr/local/bin/npx",
        "ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin NODE_EXTRA_CA_CERTS=/etc/ssl/certs/ca-certificates.crt",
        'CMD ["node"]',
      ].join("\n"),
    );
    run("podman", ["build", "--isolation", "chroot", "-t", base, context]);
  } finally {
    rmSync(context, { recursive: true, force: true });
  }
  return base;
}

interface ImageConfig {
  User: string;
  Env: string[];
  Cmd: string[];
  WorkingDir: string;
  StopSignal?: string;
}

/** Every file under `root`, relative to it (not following links). */
function filesUnder(root: string, skip: (path: string) => boolean = () => false): string[] {
  const found: string[] = [];
  const walk = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const path = join(folder, entry.name);
      if (skip(relative(root, path))) continue;
      if (entry.isDirectory()) walk(path);
      else found.push(relative(root, path));
    }
  };
  walk(root);
  return found;
}

let built: { config: ImageConfig; healthcheck: string[] } | undefined;

/** The image, built once for this file's tests on the stand-in base, with its configuration. */
function builtImage(): { config: ImageConfig; healthcheck: string[] } {
  if (built) return built;
  const base = baseImage();
  // Build layers older than a day that no image uses any more go; a run after them builds again.
  run("podman", ["image", "prune", "--force", "--filter", "until=24h"]);
  run("podman", [
    "build",
    "--isolation",
    "chroot",
    "--format",
    "docker",
    "--build-arg",
    `BASE=${base}`,
    "-t",
    IMAGE,
    "-f",
    join(ROOT, "Containerfile"),
    ROOT,
  ]);
  const [inspected] = JSON.parse(run("podman", ["image", "inspect", IMAGE])) as { Config: ImageConfig; Healthcheck?: { Test: string[] } }[];
  if (!inspected) throw new Error(`podman image inspect ${IMAGE}: nothing`);
  built = { config: inspected.Config, healthcheck: inspected.Healthcheck?.Test ?? [] };
  return built;
}

afterAll(() => {
  // The tag only: the build's layers stay cached for the next run.
  if (built) spawnSync("podman", ["rmi", IMAGE]);
});

describe.skipIf(!RUNNABLE && !REQUIRED)("the container image", () => {
  let work: string;
  let rootfs: string;
  let config: ImageConfig;
  let healthcheck: string[];
  let sink: SmtpSink;
  let server: ChildProcess | undefined;
  let serverLog = "";
  let port: number;
  const email = "image.customer@example.com";
  const publicUrl = "https://account.image.example";
  let env: Record<string, string>;

  /** Runs `command` from the image's file system as its user, in its working folder, with `env`. */
  function inImage(command: string[], extra: Record<string, string> = {}): ChildProcess {
    // A mount namespace of its own: /proc is mounted for the server only and goes with it.
    const script =
      'root=$1 user=$2 folder=$3; shift 3; mount -t proc proc "$root/proc" && exec chroot --userspec="$user:$user" "$root" env -C "$folder" "$@"';
    return spawn(
      "unshare",
      ["--mount", "--propagation", "private", "--", "sh", "-c", script, "sh", rootfs, config.User, config.WorkingDir, ...command],
      {
        env: { ...env, ...extra },
        stdio: ["ignore", "pipe", "pipe"],
      },
    );
  }

  function finished(child: ChildProcess): Promise<{ code: number | null; signal: NodeJS.Signals | null; output: string }> {
    let output = "";
    child.stdout?.on("data", (chunk: Buffer) => (output += chunk));
    child.stderr?.on("data", (chunk: Buffer) => (output += chunk));
    return new Promise((resolve) => child.once("exit", (code, signal) => resolve({ code, signal, output })));
  }

  beforeAll(async () => {
    if (!RUNNABLE) throw new Error("CONTAINER_IMAGE_TEST=required, but this needs root, podman, debootstrap, unshare and chroot");
    ({ config, healthcheck } = builtImage());
    // The image's file system, copied out of the image's storage.
    work = mkdtempSync(join(CACHE, "run-"));
    rootfs = join(work, "rootfs");
    mkdirSync(rootfs);
    const mounted = run("podman", ["image", "mount", IMAGE]).trim();
    try {
      run("cp", ["-a", `${mounted}/.`, `${rootfs}/`]);
    } finally {
      run("podman", ["image", "unmount", IMAGE]);
    }
    // The devices a container gets; the server's renderer process is started with /dev/null.
    for (const [name, major, minor] of [
      ["null", 1, 3],
      ["zero", 1, 5],
      ["random", 1, 8],
      ["urandom", 1, 9],
    ] as const) {
      rmSync(join(rootfs, "dev", name), { force: true });
      run("mknod", ["-m", "666", join(rootfs, "dev", name), "c", String(major), String(minor)]);
    }

    sink = await new SmtpSink().start();
    port = await freePort();
    env = {
      ...Object.fromEntries(config.Env.map((pair) => pair.split(/=(.*)/s) as [string, string])),
      // Production, configured by environment only: the operator's part.
      PORT: String(port),
      PUBLIC_URL: publicUrl,
      DATABASE_URL: "file:./data/account.db",
      SMTP_URL: sink.url,
      SMTP_ALLOW_UNENCRYPTED: "true",
      MAIL_FROM: "accounts@image.example",
      ...PRODUCTION_ADDRESSES,
      LOG_LEVEL: "info",
    };
    // The operator CLI in the image makes the customer, on the database the server then opens.
    const created = await finished(inImage(["node", "dist/server/cli.js", "create", "--email", email, "--product", "dsone"]));
    if (created.code !== 0) throw new Error(`the image's CLI could not create the account (${created.code}):\n${created.output}`);
    server = inImage(config.Cmd);
    server.stdout?.on("data", (chunk: Buffer) => (serverLog += chunk));
    server.stderr?.on("data", (chunk: Buffer) => (serverLog += chunk));
    const deadline = Date.now() + 20_000;
    for (;;) {
      if (server.exitCode !== null) throw new Error(`the server from the image exited (${server.exitCode}):\n${serverLog}`);
      if (Date.now() > deadline) throw new Error(`the server from the image did not answer /healthz within 20 s:\n${serverLog}`);
      const healthy = await fetch(`http://127.0.0.1:${port}/healthz`).then(
        (response) => response.ok,
        () => false,
      );
      if (healthy) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }, 900_000);

  afterAll(async () => {
    if (server && server.exitCode === null && server.signalCode === null) server.kill("SIGKILL");
    await sink?.close();
    // --one-file-system: never into anything still mounted there.
    if (work) spawnSync("rm", ["-rf", "--one-file-system", work]);
  });

  it("runs as a user of its own, not root, the command npm start runs, with its Node flags", () => {
    expect(config.User).toBeTruthy();
    const passwd = readFileSync(join(rootfs, "etc", "passwd"), "utf8");
    const uid = passwd.match(new RegExp(`^${config.User}:[^:]*:(\\d+):`, "m"))?.[1];
    expect(Number(uid)).toBeGreaterThan(0);
    const status = readFileSync(`/proc/${server?.pid}/status`, "utf8");
    expect(status.match(/^Uid:\s+(\d+)/m)?.[1]).toBe(uid);
    expect(config.Cmd).toEqual(["node", ...SERVER_NODE_FLAGS, "dist/server/main.js"]);
    expect(config.Env).toContain("NODE_ENV=production");
  });

  it("has no demo apps, demo data, stand-ins, tests or development dependencies", () => {
    const app = join(rootfs, config.WorkingDir);
    const ours = filesUnder(app, (path) => path === "node_modules");
    for (const folder of ["server/development", "agent-sim", "test", "e2e", "bench", "scripts", "web", "docs"]) {
      expect(existsSync(join(app, folder)), folder).toBe(false);
    }
    expect(
      ours.filter(
        (path) =>
          /\.(ts|tsx)$/.test(path) || /(^|\/)(seed|google-stand-in|microsoft-stand-in|demo-clients|mailbox|product-pages)[-.]/.test(path),
      ),
    ).toEqual([]);
    // Rolldown names each module it bundles in a comment: none of the development modules is there.
    const chunks = ours.filter((path) => path.startsWith("dist/server/")).map((path) => readFileSync(join(app, path), "utf8"));
    expect(chunks.some((chunk) => chunk.includes("// server/server.ts"))).toBe(true);
    const developmentChunk = `// ${relative(ROOT, DEVELOPMENT_FOLDER)}/`;
    expect(chunks.filter((chunk) => chunk.includes(developmentChunk)).length, developmentChunk).toBe(0);
    const lock = JSON.parse(readFileSync(join(ROOT, "package-lock.json"), "utf8")) as { packages: Record<string, { dev?: boolean }> };
    const development = Object.entries(lock.packages).filter(([path, entry]) => path && entry.dev);
    expect(development.length).toBeGreaterThan(0);
    expect(development.filter(([path]) => existsSync(join(app, path))).map(([path]) => path)).toEqual([]);
  });

  it("is healthy by its own HEALTHCHECK, and serves the login page with its screen rendered ahead", async () => {
    expect(healthcheck[0]).toBe("CMD");
    const check = await finished(inImage(healthcheck.slice(1)));
    expect(check.code, check.output).toBe(0);
    const login = await (await fetch(`http://127.0.0.1:${port}/dsone/login`)).text();
    expect(login.match(/<div id="root">([\s\S]*?)<\/div>\s*<template id="root-end">/)?.[1]?.length ?? 0).toBeGreaterThan(0);
    expect((await fetch(`http://127.0.0.1:${port}/demo/dsone/ui`)).status).toBe(404);
    expect((await fetch(`http://127.0.0.1:${port}/dev/agent`)).status).toBe(404);
  });

  it("signs a customer in by the emailed link", async () => {
    const asked = await fetch(`http://127.0.0.1:${port}/api/access-link`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ Email: email, ProductId: 6 }),
    });
    expect(await asked.json()).toMatchObject({ isOk: true });
    const mail = await sink.waitFor(email, { timeoutMs: 15_000 });
    const link = new URL(linkIn(mail, "/dsone/access-link?token="));
    expect(link.origin).toBe(publicUrl);
    const consumed = await fetch(`http://127.0.0.1:${port}/api/access-link/consume`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ token: link.searchParams.get("token") }),
    });
    expect(consumed.status, await consumed.clone().text()).toBe(200);
    const cookie = consumed.headers.getSetCookie().find((value) => value.startsWith("__Host-session="));
    expect(cookie).toBeDefined();
    const session = await fetch(`http://127.0.0.1:${port}/api/dsone/session`, { headers: { cookie: (cookie ?? "").split(";")[0] ?? "" } });
    expect(session.status).toBe(200);
    expect(JSON.stringify(await session.json())).toContain(email);
  });

  it("stops cleanly on SIGTERM", async () => {
    const child = server as ChildProcess;
    const exited = new Promise<[number | null, NodeJS.Signals | null]>((resolve) =>
      child.once("exit", (code, signal) => resolve([code, signal])),
    );
    child.kill("SIGTERM");
    const timeout = new Promise<string>((resolve) => setTimeout(() => resolve("still running 10 s after SIGTERM"), 10_000));
    expect(await Promise.race([exited, timeout])).toEqual([0, null]);
    expect(serverLog).toContain("SIGTERM: finishing requests in flight, then stopping");
    expect(serverLog).not.toMatch(/"level":(50|60)/);
  });
});

/**
 * The image as compose.yaml runs it: two containers of it, started by a container runtime (podman
 * with runc), on one PostgreSQL, mail to a real SMTP server. A link asked for through one instance
 * signs the customer in through the other, the image's HEALTHCHECK passes inside a container, and
 * `podman stop` ends an instance cleanly. The containers share the host's network (this machine
 * gives a container no network of its own), and the runtime is told the limits and cgroup manager
 * this machine allows; an operator's Docker or podman needs none of that.
 */
const PODMAN = ["--runtime", "runc", "--cgroup-manager", "cgroupfs"];
const RUNC = has("runc");

describe.skipIf(!(RUNNABLE && RUNC) && !REQUIRED)("the image under a container runtime, two instances on PostgreSQL", () => {
  const names = [1, 2].map((instance) => `account-${instance}-${process.pid}`);
  const ports: number[] = [];
  const email = "containers.customer@example.com";
  let sink: SmtpSink;
  let database: TestDatabase;

  const podman = (args: string[]) => run("podman", [...PODMAN, ...args]);
  const url = (instance: number) => `http://127.0.0.1:${ports[instance]}`;

  beforeAll(async () => {
    if (!(RUNNABLE && RUNC)) throw new Error("CONTAINER_IMAGE_TEST=required, but this needs root, podman, runc and debootstrap");
    builtImage();
    sink = await new SmtpSink().start();
    database = await createTestDatabase("postgres");
    for (const name of names) {
      const port = await freePort();
      ports.push(port);
      const environment = {
        PORT: String(port),
        PUBLIC_URL: "https://account.containers.example",
        DATABASE_URL: database.url,
        SMTP_URL: sink.url,
        SMTP_ALLOW_UNENCRYPTED: "true",
        MAIL_FROM: "accounts@containers.example",
        LOG_LEVEL: "info",
        ...PRODUCTION_ADDRESSES,
      };
      podman([
        "run",
        "--detach",
        "--name",
        name,
        "--network",
        "host",
        "--ulimit",
        "nofile=4096:4096",
        "--ulimit",
        "nproc=4096:4096",
        ...Object.entries(environment).flatMap(([key, value]) => ["--env", `${key}=${value}`]),
        IMAGE,
      ]);
    }
    // Both instances start together: one runs the migrations under its lock, the other waits.
    const deadline = Date.now() + 60_000;
    for (const instance of [0, 1]) {
      for (;;) {
        const healthy = await fetch(`${url(instance)}/healthz`).then(
          (response) => response.ok,
          () => false,
        );
        if (healthy) break;
        if (Date.now() > deadline)
          throw new Error(`${names[instance]} did not answer /healthz:\n${podman(["logs", names[instance] as string])}`);
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    }
  }, 900_000);

  afterAll(async () => {
    for (const name of names) spawnSync("podman", [...PODMAN, "rm", "--force", "--time", "0", name]);
    await sink?.close();
    await database?.drop();
  });

  it("runs the operator CLI inside a container, and its HEALTHCHECK there", () => {
    podman(["exec", names[0] as string, "node", "dist/server/cli.js", "create", "--email", email, "--product", "dsone"]);
    expect(spawnSync("podman", [...PODMAN, "healthcheck", "run", names[1] as string]).status).toBe(0);
  });

  it("signs a customer in through one instance with a link asked for through the other", async () => {
    const asked = await fetch(`${url(0)}/api/access-link`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ Email: email, ProductId: 6 }),
    });
    expect(await asked.json()).toMatchObject({ isOk: true });
    const token = new URL(linkIn(await sink.waitFor(email, { timeoutMs: 15_000 }), "/dsone/access-link?token=")).searchParams.get("token");
    const consumed = await fetch(`${url(1)}/api/access-link/consume`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ token }),
    });
    expect(consumed.status, await consumed.clone().text()).toBe(200);
    const cookie = consumed.headers.getSetCookie().find((value) => value.startsWith("__Host-session="));
    const session = await fetch(`${url(0)}/api/dsone/session`, { headers: { cookie: (cookie ?? "").split(";")[0] ?? "" } });
    expect(session.status).toBe(200);
    expect(JSON.stringify(await session.json())).toContain(email);
  });

  it("ends an instance cleanly on podman stop, and the other serves on", async () => {
    podman(["stop", "--time", "10", names[1] as string]);
    expect(podman(["inspect", "--format", "{{.State.ExitCode}}", names[1] as string]).trim()).toBe("0");
    expect(podman(["logs", names[1] as string])).toContain("SIGTERM: finishing requests in flight, then stopping");
    expect((await fetch(`${url(0)}/healthz`)).ok).toBe(true);
  });
});

describe("compose.yaml", () => {
  it("runs two instances of the image with a production configuration the server accepts", () => {
    const compose = readFileSync(join(ROOT, "compose.yaml"), "utf8");
    expect(compose).toMatch(/^ {2}account-1: \*account-server$/m);
    expect(compose).toMatch(/^ {2}account-2: \*account-server$/m);
    // The instances' environment (the anchor's), each ${NAME:?…} the operator sets made up here.
    const block = compose.match(/^ {2}environment:\n((?: {4}.*\n)+)/m)?.[1] ?? "";
    const secrets: Record<string, string> = {
      POSTGRES_PASSWORD: randomBytes(16).toString("hex"),
      MAIL_KEYS: randomBytes(32).toString("base64"),
      DPOP_NONCE_SECRET: randomBytes(32).toString("base64"),
    };
    const env = Object.fromEntries(
      [...block.matchAll(/^ {4}([A-Z_]+): (.*)$/gm)].map(([, name = "", value = ""]) => [
        name,
        value.replace(/^"(.*)"$/, "$1").replace(/\$\{(\w+):\?[^}]*\}/g, (_, variable: string) => secrets[variable] ?? ""),
      ]),
    );
    expect(Object.keys(env)).toEqual(expect.arrayContaining(["PUBLIC_URL", "DATABASE_URL", "SMTP_URL", "MAIL_KEYS", "DPOP_NONCE_SECRET"]));
    const config = loadConfig({ NODE_ENV: "production", HOST: "0.0.0.0", ...env });
    expect(config.production).toBe(true);
    expect(config.databaseUrl).toMatch(/^postgres:\/\/account:[0-9a-f]{32}@db:5432\/account$/);
  });

  it("binds in the balancer's Caddyfile, which sends customers to both instances", () => {
    const compose = readFileSync(join(ROOT, "compose.yaml"), "utf8");
    // A config written inline (configs: …: content:) is silently left out by Debian's
    // podman-compose 1.0, and Caddy then serves its welcome page instead of the product.
    expect(compose).not.toMatch(/^configs:/m);
    const balancer = compose.slice(compose.indexOf("\n  balancer:"));
    const mount = balancer.match(/volumes: \["\.\/([^:"]+):\/etc\/caddy\/Caddyfile:ro"\]/)?.[1];
    expect(mount).toBe("compose.Caddyfile");
    const caddyfile = readFileSync(join(ROOT, mount as string), "utf8");
    expect(caddyfile).toMatch(/^https:\/\/localhost:8443 \{$/m);
    expect(caddyfile).toMatch(/reverse_proxy account-1:3000 account-2:3000 \{/);
    expect(caddyfile).toMatch(/health_uri \/healthz/);
  });
});
