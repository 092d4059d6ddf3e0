import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { chmod, mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { freePort } from "./spawn-server.ts";

const SBIN = process.env.POSTFIX_SBIN ?? "/usr/sbin";
const POSTFIX = join(SBIN, "postfix");
const run = promisify(execFile);

export interface PostfixRelay {
  /** 127.0.0.1 port this private Postfix listens on for SMTP submissions (no auth, no TLS; mynetworks = 127.0.0.0/8). */
  port: number;
  /** Asks Postfix to attempt every queued mail now (postqueue -f with this instance's config). */
  flush(): Promise<void>;
  /** This instance's log so far (its own maillog_file), to print when a test fails. */
  log(): Promise<string>;
  /** Stops the instance and removes its directory. */
  stop(): Promise<void>;
}

/**
 * A Postfix of the test's own, a real MTA between the app and the mail servers it talks to: it
 * relays mail to a local SMTP server and, when that server refuses a recipient, sends a real
 * RFC 3464 bounce to the envelope sender, which it delivers to another local SMTP server. Its
 * config, queue and log live in one temp folder; the machine's own Postfix (/etc/postfix, port 25)
 * is never read or changed. Needs root: the postfix command is reserved for the superuser, and only
 * the superuser may name a config folder that /etc/postfix/main.cf does not list in
 * alternate_config_directories, so that file is left as it is.
 */
export async function startPostfixRelay(options: { relayPort: number; bounceDomain: string; feedbackPort: number }): Promise<PostfixRelay> {
  if (!existsSync(POSTFIX)) throw new Error("Postfix is needed for this test: install it (sudo apt-get install -y postfix).");
  if (process.getuid?.() !== 0) throw new Error("The private Postfix needs root: the postfix command is reserved for the superuser.");
  const dir = await mkdtemp(join(tmpdir(), "account-postfix-"));
  // The daemons run as the postfix user and must reach the queue below this folder.
  await chmod(dir, 0o755);
  const config = join(dir, "etc");
  const maillog = join(dir, "maillog");
  // The queue folder itself must exist; `postfix check` (post-install create-missing) makes its
  // subfolders and the data folder with the owners and modes Postfix insists on.
  await mkdir(config);
  await mkdir(join(dir, "queue"));
  const port = await freePort();
  const main = {
    compatibility_level: "3.6",
    queue_directory: join(dir, "queue"),
    data_directory: join(dir, "data"),
    // Logged through postlogd to a file of this instance's own: there may be no syslog, and the
    // file may only be under a listed prefix.
    maillog_file: maillog,
    maillog_file_prefixes: dir,
    syslog_name: "postfix-test",
    myhostname: "relay.test",
    mydestination: "",
    local_recipient_maps: "",
    alias_maps: "",
    alias_database: "",
    inet_interfaces: "127.0.0.1",
    inet_protocols: "ipv4",
    mynetworks: "127.0.0.0/8",
    smtpd_relay_restrictions: "permit_mynetworks, reject",
    // Every next hop is a bracketed address, and nothing else may wait on DNS.
    relayhost: `[127.0.0.1]:${options.relayPort}`,
    transport_maps: `inline:{ ${options.bounceDomain}=smtp:[127.0.0.1]:${options.feedbackPort} }`,
    smtp_dns_support_level: "disabled",
    smtp_host_lookup: "native",
    smtpd_peername_lookup: "no",
    smtp_tls_security_level: "none",
    smtpd_tls_security_level: "none",
    smtputf8_enable: "no",
    // A 4xx is retried within seconds, not minutes; a mail still undelivered after a minute bounces.
    in_flow_delay: "0s",
    queue_run_delay: "1s",
    minimal_backoff_time: "1s",
    maximal_backoff_time: "2s",
    maximal_queue_lifetime: "1m",
    bounce_queue_lifetime: "1m",
  };
  const lines = Object.entries(main).map(([name, value]) => `${name} = ${value}`);
  await writeFile(join(config, "main.cf"), `${lines.join("\n")}\n`);
  // Only the services a relay needs, none chrooted (a chroot would need copies of /etc files).
  const services = [
    `127.0.0.1:${port} inet n - n - - smtpd`,
    "pickup unix n - n 60 1 pickup",
    "cleanup unix n - n - 0 cleanup",
    "qmgr unix n - n 300 1 qmgr",
    "rewrite unix - - n - - trivial-rewrite",
    "bounce unix - - n - 0 bounce",
    "defer unix - - n - 0 bounce",
    "trace unix - - n - 0 bounce",
    "verify unix - - n - 1 verify",
    "flush unix n - n 1000? 0 flush",
    "proxymap unix - - n - - proxymap",
    "smtp unix - - n - - smtp",
    "relay unix - - n - - smtp",
    "showq unix n - n - - showq",
    "error unix - - n - - error",
    "retry unix - - n - - error",
    "discard unix - - n - - discard",
    "anvil unix - - n - 1 anvil",
    "scache unix - - n - 1 scache",
    // postlogd writes maillog_file; without it the daemons' messages go nowhere.
    "postlog unix-dgram n - n - 1 postlogd",
  ];
  await writeFile(join(config, "master.cf"), `${services.join("\n")}\n`);

  const log = async () => (existsSync(maillog) ? readFile(maillog, "utf8") : "");
  const postfix = async (...args: string[]) => {
    try {
      return await run(POSTFIX, ["-c", config, ...args]);
    } catch (error) {
      // Postfix writes its reasons to stderr only on a terminal; otherwise they are in the log.
      throw new Error(`postfix ${args.join(" ")} failed: ${(error as { stderr?: string }).stderr ?? error}\n${await log()}`);
    }
  };
  try {
    // postconf warns about misspelt or unknown parameters, which Postfix would otherwise ignore.
    const { stderr } = await run(join(SBIN, "postconf"), ["-c", config, "-n"]);
    if (/warning|fatal/.test(stderr)) throw new Error(`Postfix rejects this test's main.cf:\n${stderr}`);
    await postfix("check");
    await postfix("start");
    const problems = (await log()).split("\n").filter((line) => /\b(fatal|panic|error):/.test(line));
    if (problems.length > 0) throw new Error(`Postfix started with errors:\n${problems.join("\n")}`);
  } catch (error) {
    await run(POSTFIX, ["-c", config, "stop"]).catch(() => {});
    await rm(dir, { recursive: true, force: true });
    throw error;
  }

  return {
    port,
    log,
    async flush() {
      await run(join(SBIN, "postqueue"), ["-c", config, "-f"]);
    },
    async stop() {
      try {
        // Waits (up to 5 s, then kills) until the master and its daemons are gone.
        await postfix("stop");
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },
  };
}
