import type { Page } from "@playwright/test";
import { AGENT_VARIANTS } from "../common/agent/ports.ts";

/**
 * The desktop agent as a page meets it when it is installed and running: its registration state and
 * its license check answer OK on every port the page probes. The auto-login page then works as the
 * specification describes (and says so, with its hint), where on a test machine without the agent
 * it would say what to do next instead.
 */
export async function answerAsTheAgent(page: Page): Promise<void> {
  const paths = new Set<string>(Object.values(AGENT_VARIANTS).flatMap((variant) => [variant.regstatePath, variant.licenseCheckPath]));
  await page.route(
    (url) => ["localhost", "127.0.0.1"].includes(url.hostname) && paths.has(url.pathname),
    (route) => route.fulfill({ status: 200, json: {}, headers: { "access-control-allow-origin": "*" } }),
  );
}
