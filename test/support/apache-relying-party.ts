import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { chownSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort } from "./spawn-server.ts";

/** Debian's Apache and mod_auth_openidc, as scripts/ensure-apache.sh installs them. */
const APACHE = process.env.APACHE_BINARY ?? "/usr/sbin/apache2";
const MODULES = process.env.APACHE_MODULES_DIR ?? "/usr/lib/apache2/modules";

export const APACHE_REQUIRED =
  "Apache with mod_auth_openidc is needed: run npm test, or bash scripts/ensure-apache.sh (apt-get install -y apache2 libapache2-mod-auth-openidc)";

export function apacheInstalled(): boolean {
  return existsSync(APACHE) && existsSync(join(MODULES, "mod_auth_openidc.so"));
}

/** The header the protected page answers with: the email claim mod_auth_openidc hands the app. */
export const SIGNED_IN_AS = "x-signed-in-as";

/**
 * Apache's mod_auth_openidc as a relying party of the account server: its own process on a free
 * port with a generated configuration (no system service), a server-side session cache, and one
 * protected page that names the signed-in customer. It takes logout tokens at its redirect URI
 * with `?logout=backchannel`, as mod_auth_openidc's documentation says.
 */
export class ApacheRelyingParty {
  readonly origin: string;
  readonly redirectUri: string;
  readonly backchannelLogoutUri: string;
  readonly protectedUrl: string;
  readonly #port: number;
  readonly #dir: string;
  #child: ChildProcess | undefined;
  #exited: Promise<void> = Promise.resolve();

  private constructor(port: number) {
    this.#port = port;
    this.origin = `http://127.0.0.1:${port}`;
    this.redirectUri = `${this.origin}/protected/redirect_uri`;
    this.backchannelLogoutUri = `${this.redirectUri}?logout=backchannel`;
    this.protectedUrl = `${this.origin}/protected/index.html`;
    this.#dir = mkdtempSync(join(tmpdir(), "account-apache-"));
  }

  /** Picks a free port, so the app can be registered (its redirect URI) before Apache starts. */
  static async prepare(): Promise<ApacheRelyingParty> {
    if (!apacheInstalled()) throw new Error(APACHE_REQUIRED);
    return new ApacheRelyingParty(await freePort());
  }

  errorLog(): string {
    const file = join(this.#dir, "error.log");
    return existsSync(file) ? readFileSync(file, "utf8") : "";
  }

  async start(options: { issuer: string; clientId: string; clientSecret: string }): Promise<void> {
    const dir = this.#dir;
    mkdirSync(join(dir, "htdocs", "protected"), { recursive: true });
    writeFileSync(join(dir, "htdocs", "protected", "index.html"), "<!doctype html><title>Apache</title><p>Signed in to Apache.</p>\n");
    const module = (name: string, file: string) => `LoadModule ${name}_module ${join(MODULES, file)}`;
    writeFileSync(
      join(dir, "apache.conf"),
      [
        `ServerRoot "${dir}"`,
        "ServerName 127.0.0.1",
        `Listen 127.0.0.1:${this.#port}`,
        `PidFile "${join(dir, "apache.pid")}"`,
        `DefaultRuntimeDir "${dir}"`,
        `ErrorLog "${join(dir, "error.log")}"`,
        // The module's reasons (a refused logout token, a failed code exchange) land in the log a failing test prints.
        "LogLevel warn auth_openidc:debug",
        module("mpm_event", "mod_mpm_event.so"),
        module("authn_core", "mod_authn_core.so"),
        module("authz_core", "mod_authz_core.so"),
        module("authz_user", "mod_authz_user.so"),
        module("headers", "mod_headers.so"),
        module("auth_openidc", "mod_auth_openidc.so"),
        // One process of a few threads: the tests' browsers and the account server's logout tokens.
        "StartServers 1",
        "ServerLimit 1",
        "ThreadsPerChild 16",
        "MaxRequestWorkers 16",
        "MinSpareThreads 1",
        "MaxSpareThreads 16",
        `DocumentRoot "${join(dir, "htdocs")}"`,
        `OIDCProviderMetadataURL ${options.issuer}/.well-known/openid-configuration`,
        `OIDCClientID ${options.clientId}`,
        `OIDCClientSecret ${options.clientSecret}`,
        `OIDCRedirectURI ${this.redirectUri}`,
        `OIDCCryptoPassphrase ${randomBytes(24).toString("hex")}`,
        // Sessions live in the module's cache, so a logout token can end one: a cookie session could not be.
        "OIDCSessionType server-cache",
        'OIDCScope "openid email"',
        // The account server requires PKCE of every client (decision 25).
        "OIDCPKCEMethod S256",
        "OIDCProviderTokenEndpointAuth client_secret_basic",
        // The tests' browser is Node's fetch, which sends "Sec-Fetch-Mode: cors" on every request
        // and cannot be told otherwise; the module would take each for a script's call and answer
        // 401. Its documented alternative: only X-Requested-With marks one.
        `OIDCUnAuthAction 401 "%{HTTP:X-Requested-With} == 'XMLHttpRequest'"`,
        "<Location /protected>",
        "  AuthType openid-connect",
        "  Require valid-user",
        `  Header always set ${SIGNED_IN_AS} "%{OIDC_CLAIM_email}e"`,
        "</Location>",
        "",
      ].join("\n"),
    );
    // Unprivileged: under root (CI containers) Apache runs as www-data, which then owns its directory.
    const user = process.getuid?.() === 0 ? unprivilegedUser() : undefined;
    if (user) for (const path of [dir, ...listTree(dir)]) chownSync(path, user.uid, user.gid);
    let output = "";
    const child = spawn(APACHE, ["-f", join(dir, "apache.conf"), "-DFOREGROUND"], {
      stdio: ["ignore", "pipe", "pipe"],
      ...(user ?? {}),
    });
    child.stdout?.on("data", (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.stderr?.on("data", (chunk: Buffer) => {
      output += chunk.toString();
    });
    this.#child = child;
    this.#exited = new Promise((resolve) => child.once("exit", () => resolve()));
    const deadline = Date.now() + 10_000;
    while (Date.now() < deadline) {
      if (child.exitCode !== null) throw new Error(`Apache exited (${child.exitCode}):\n${output}${this.errorLog()}`);
      try {
        await fetch(`${this.origin}/`);
        return;
      } catch {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    }
    throw new Error(`Apache did not start within 10 s:\n${output}${this.errorLog()}`);
  }

  async stop(): Promise<void> {
    const child = this.#child;
    this.#child = undefined;
    if (child && child.exitCode === null) {
      child.kill("SIGTERM");
      await this.#exited;
    }
    rmSync(this.#dir, { recursive: true, force: true });
  }
}

function listTree(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: "utf8" }).map((entry) => join(dir, entry));
}

function unprivilegedUser(): { uid: number; gid: number } {
  const id = (flag: string) => Number(execFileSync("id", [flag, "www-data"], { encoding: "utf8" }).trim());
  return { uid: id("-u"), gid: id("-g") };
}
