import { ConfigError, loadConfig } from "./base/config.ts";
import { LOAD_ONLY_FLAG } from "./base/load-only.ts";
import { clientConfig } from "./site/client-config.ts";
import { renderScreensAhead } from "./site/prerender.ts";

/**
 * The server's modules, loaded once the screens rendered ahead have started rendering in their
 * own process: the two overlap, on a machine with a second core, instead of one waiting for the
 * other (the login page's first paint needs both).
 */
const serverModules = () => import("./server.ts");

/**
 * What only a server outside production starts: the demo apps, their clients and the demo data's
 * banner. Never loaded in production, and absent from the production bundle the container image
 * carries (scripts/bundle-server.ts).
 */
const developmentModules = async () => {
  const [{ startDemoApps }, { demoClients, DEMO_PRODUCT_API }, { demoBanner }] = await Promise.all([
    import("./development/demo-apps/server.ts"),
    import("./development/demo-clients.ts"),
    import("./development/seed.ts"),
  ]);
  return { startDemoApps, demoClients, DEMO_PRODUCT_API, demoBanner };
};

/** The account server's entry point: `npm start` (after a build) or `node server/main.ts`. */
async function main(): Promise<void> {
  // Until the server can finish what it started, a SIGTERM or SIGINT ends the start at once. Node
  // sets no handler of its own, and as a container's first process it would ignore both till then.
  const stopStarting = () => process.exit(0);
  process.on("SIGINT", stopStarting);
  process.on("SIGTERM", stopStarting);
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(78); // EX_CONFIG
    }
    throw error;
  }
  // The same rendering server/site/spa.ts asks for (renderScreensAhead keeps one per settings).
  renderScreensAhead(JSON.stringify(clientConfig(config, false)), config.publicUrl).catch(() => {});
  const [{ createServer }, development] = await Promise.all([serverModules(), config.production ? undefined : developmentModules()]);
  const server = await createServer(config);
  const address = await server.app.listen({ port: config.port, host: config.host });
  server.app.log.info(`Account server listening on ${address}, public URL ${config.publicUrl}`);
  if (server.metricsApp) {
    const metricsAddress = await server.metricsApp.listen({ port: config.metrics.port, host: config.metrics.host });
    server.app.log.info(`Prometheus metrics on ${metricsAddress}/metrics`);
  }
  if (server.seeded && development) console.log(development.demoBanner(config));
  // Outside production, the demo DS One and Maverick Safe web apps sign in here from their own origin.
  const demoApps = !development
    ? undefined
    : await development
        .startDemoApps(
          {
            issuer: config.publicUrl,
            origin: config.oidc.demoAppsUrl,
            clients: development
              .demoClients(config)
              .filter((client) => client.type === "spa")
              .map((client) => ({ brand: client.brand, clientId: client.id })),
            api: development.DEMO_PRODUCT_API,
          },
          config.host,
        )
        .then(
          (apps) => {
            server.app.log.info(`Demo apps (OpenID relying parties) on ${config.oidc.demoAppsUrl}`);
            return apps;
          },
          (error: unknown) => {
            server.app.log.warn({ err: error }, `the demo apps could not start on ${config.oidc.demoAppsUrl}`);
            return undefined;
          },
        );
  if (!config.production && !/^(localhost|127\.|::1$)/.test(config.host)) {
    server.app.log.warn(
      `NODE_ENV is ${config.nodeEnv}, not production: demo data and the stand-in pages are on, on a public interface (${config.host}). Set NODE_ENV=production for a real deployment.`,
    );
  }

  let closing = false;
  /** Finishes the requests in flight and stops, once, with `exitCode` (1: stopped for a fault). */
  const shutdown = (reason: string, exitCode = 0) => {
    if (closing) return;
    closing = true;
    server.app.log.info(`${reason}: finishing requests in flight, then stopping`);
    Promise.all([server.close(), demoApps?.close()]).then(
      () => process.exit(exitCode),
      (error: unknown) => {
        server.app.log.error({ err: error }, "shutdown failed");
        process.exit(1);
      },
    );
  };
  process.off("SIGINT", stopStarting);
  process.off("SIGTERM", stopStarting);
  process.on("SIGINT", () => shutdown("SIGINT"));
  process.on("SIGTERM", () => shutdown("SIGTERM"));

  // The OpenID Provider starts at its first use (server/provider/service.ts), or a second after the
  // server listens, out of the way of the first pages. One that cannot start stops the server, as
  // it would have before the server listened: a deployment must not run without it.
  setTimeout(() => {
    if (closing) return;
    server.app.oidc.start().catch((error: unknown) => {
      if (closing) return; // stopping anyway (a SIGTERM within the first second)
      server.app.log.error({ err: error }, "the OpenID Provider could not start; stopping");
      shutdown("the OpenID Provider could not start", 1);
    });
  }, 1_000).unref();
}

// Loading only (scripts/build-if-stale.ts fills Node's compile cache so): every module a start
// loads, and those the first mail (and the mail delivery thread), the first passkey and the OpenID
// Provider load; and the screens rendered ahead, once, so their renderer's process finds its
// modules compiled too at the first start after a build.
if (process.argv.includes(LOAD_ONLY_FLAG))
  await Promise.all([
    serverModules(),
    // The production bundle has no development modules; it is loaded with NODE_ENV=production.
    process.env.NODE_ENV === "production" ? undefined : developmentModules(),
    import("nodemailer"),
    import("./mail/delivery-thread.ts"),
    import("@simplewebauthn/server"),
    import("oidc-provider"),
    renderScreensAhead(JSON.stringify(clientConfig(loadConfig({}), false)), "http://localhost:3000"),
  ]);
else
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
