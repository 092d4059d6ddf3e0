import { ConfigError, loadConfig } from "./config.ts";
import { demoBanner } from "./seed.ts";
import { createServer } from "./server.ts";

/** The account server's entry point: `npm start` (after a build) or `node server/main.ts`. */
async function main(): Promise<void> {
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
  const server = await createServer(config);
  const address = await server.app.listen({ port: config.port, host: config.host });
  server.app.log.info(`Account server listening on ${address}, public URL ${config.publicUrl}`);
  if (server.metricsApp) {
    const metricsAddress = await server.metricsApp.listen({ port: config.metrics.port, host: config.metrics.host });
    server.app.log.info(`Prometheus metrics on ${metricsAddress}/metrics`);
  }
  if (server.seeded) console.log(demoBanner(config));
  if (!config.production && !/^(localhost|127\.|::1$)/.test(config.host)) {
    server.app.log.warn(
      `NODE_ENV is ${config.nodeEnv}, not production: demo data and the stand-in pages are on, on a public interface (${config.host}). Set NODE_ENV=production for a real deployment.`,
    );
  }

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    server.app.log.info(`${signal}: finishing requests in flight, then stopping`);
    server.close().then(
      () => process.exit(0),
      (error: unknown) => {
        server.app.log.error({ err: error }, "shutdown failed");
        process.exit(1);
      },
    );
  };
  process.on("SIGINT", () => shutdown("SIGINT"));
  process.on("SIGTERM", () => shutdown("SIGTERM"));
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
