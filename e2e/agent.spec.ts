import { type RunningSimulator, startAgentSimulator } from "../agent-sim/simulator.ts";
import { freePort } from "../test/support/spawn-server.ts";
import { expectNoAxeViolations } from "./axe.ts";
import { test as base, expect } from "./fixtures.ts";

const UUID = "3f2b8c1e-6a4d-4e0f-9b7a-2c5d8e1f4a60";
/** The specification's hint: true only while the page works as it should. */
const HINT = "The software should open in a moment, you can safely close this window";

/**
 * The web app against the agent simulator. The simulator listens on the third of its five ports
 * (index 2), which the app is configured to probe; each test gets a fresh simulator.
 */
const test = base.extend<{ sim: RunningSimulator }, { agentBases: { dsone: number; maverick: number } }>({
  agentBases: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern; it has none.
    async ({}, use) => {
      await use({ dsone: (await freePort()) - 2, maverick: (await freePort()) - 2 });
    },
    { scope: "worker" },
  ],
  serverEnv: [
    async ({ agentBases }, use) => {
      await use({
        AGENT_DSONE_BASE_PORT: String(agentBases.dsone),
        AGENT_MAVERICK_BASE_PORT: String(agentBases.maverick),
        AGENT_PROBE_TIMEOUT: "2s",
      });
    },
    { scope: "worker" },
  ],
  sim: async ({ agentBases }, use) => {
    const sim = await startAgentSimulator({
      dsoneBasePort: agentBases.dsone,
      maverickBasePort: agentBases.maverick,
      portIndex: 2,
      host: "localhost",
      stepMs: 150,
    });
    await use(sim);
    await sim.close();
  },
});

test("detection finds the agent listening on the third of its five ports", async ({ page, sim, agentBases }) => {
  await page.goto("/dev/agent");
  await page.getByRole("button", { name: "Find the agent" }).click();
  await expect(page.getByRole("status", { name: "Agent" })).toHaveText(`Agent found on port ${agentBases.dsone + 2}`);
  expect(sim.ports.dsone).toBe(agentBases.dsone + 2);
  await expectNoAxeViolations(page);
});

test("DS One auto-login asks the agent to check the license with the UUID", async ({ page, sim }) => {
  await page.goto(`/dsone/auto-login?uuid=${UUID}`);
  await expect(page.getByRole("heading", { name: "Logging you in to DS One" })).toBeVisible();
  await expect.poll(() => sim.received.length).toBe(1);
  expect(sim.received[0]).toMatchObject({ variant: "dsone", path: "/sendchecklicense", body: { UUID } });
  await expect(page.getByText(HINT)).toBeVisible();
  // Asked: the spinner stops, the page says so, and the customer can ask again. The page worked,
  // so the specification's hint stays.
  await expect(page.getByText("DS One should now be open on this computer.")).toBeVisible();
  await expect(page.getByText(HINT)).toBeVisible();
  await expect(page.getByText("then try again", { exact: false })).toHaveCount(0);
  await expect(page.getByRole("progressbar")).toHaveCount(0);
  await page.getByRole("button", { name: "Open It Again" }).click();
  await expect.poll(() => sim.received.length).toBe(2);
});

test("found but not answering: the page says to open the software and try again, not to close the window", async ({ page, sim }) => {
  // The agent is found, then its license check fails on the way (as when it hangs or quits).
  await page.route("**/sendchecklicense", (route) => route.abort("connectionreset"));
  await page.goto(`/dsone/auto-login?uuid=${UUID}`);
  await expect(page.getByText("DS One was found but did not answer. Please open it from your computer.")).toBeVisible();
  await expect(page.getByText("Open DS One on this computer, then try again.")).toBeVisible();
  await expect(page.getByText(HINT)).toHaveCount(0);
  await expect(page.getByRole("progressbar")).toHaveCount(0);
  // Once it answers, trying again reaches it, and the page works as the specification says again.
  await page.unroute("**/sendchecklicense");
  await page.getByRole("button", { name: "Try Again" }).click();
  await expect(page.getByText("DS One should now be open on this computer.")).toBeVisible();
  await expect(page.getByText(HINT)).toBeVisible();
  await expect(page.getByText("Open DS One on this computer, then try again.")).toHaveCount(0);
  expect(sim.received).toHaveLength(1);
});

test("Maverick Safe auto-login sends UUID, PreferredBrowser and ShowUI to its agent", async ({ page, sim }) => {
  await page.goto(`/maverick/auto-login?uuid=${UUID}`);
  await expect.poll(() => sim.received.length).toBe(1);
  expect(sim.received[0]).toMatchObject({
    variant: "maverick",
    path: "/maverick/sendchecklicense",
    body: { UUID, PreferredBrowser: "chrome", ShowUI: true },
  });
});

test("a malformed UUID sends nothing and says why", async ({ page, sim }) => {
  const sent: string[] = [];
  page.on("request", (request) => {
    if (request.url().includes("auto-login") && request.method() === "POST") sent.push(request.url());
  });
  await page.goto("/dsone/auto-login?uuid=not-a-device");
  await expect(
    page.getByText("This page was opened without a valid device ID, so it cannot reach the software on this computer."),
  ).toBeVisible();
  await page.waitForLoadState("networkidle");
  expect(sim.received).toEqual([]);
  expect(sent).toEqual([]);
  // Nothing suggests the software is on its way: no spinner, no "you can safely close this window".
  await expect(page.getByRole("progressbar")).toHaveCount(0);
  await expect(page.getByText(HINT)).toHaveCount(0);
  // The way out: the brand's email sign-in, returning to the product.
  await page.getByRole("link", { name: "Sign In With Your Email" }).click();
  await expect(page.getByRole("heading", { name: "Customer Login" })).toBeVisible();
  expect(new URL(page.url()).searchParams.get("ReturnUrl")).toMatch(/\/demo\/dsone\/ui$/);
});

test("with no device ID at all, the page says only what went wrong and the way out", async ({ page, sim }) => {
  await page.goto("/maverick/auto-login");
  await expect(page.getByRole("heading", { name: "Logging you in to Maverick Safe" })).toBeVisible();
  await expect(
    page.getByText("This page was opened without a valid device ID, so it cannot reach the software on this computer."),
  ).toBeVisible();
  await expect(page.getByText(HINT)).toHaveCount(0);
  await expect(page.getByRole("progressbar")).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Sign In With Your Email" })).toBeVisible();
  await expectNoAxeViolations(page);
  expect(sim.received).toEqual([]);
});

test("the console connects over long polling, runs a scan, survives a close with allowReconnect, and stops", async ({ page, sim }) => {
  const hubRequests: string[] = [];
  const sockets: string[] = [];
  page.on("request", (request) => {
    if (request.url().includes("/hub")) hubRequests.push(`${request.method()} ${new URL(request.url()).pathname}`);
  });
  page.on("websocket", (socket) => sockets.push(socket.url()));

  await page.goto("/dev/agent");
  await page.getByRole("button", { name: "Find the agent" }).click();
  await page.getByRole("button", { name: "Connect", exact: true }).click();
  await expect(page.getByRole("status", { name: "Hub state" })).toHaveText("Hub: Connected");
  expect(hubRequests).toContain("POST /hub/negotiate");
  expect(hubRequests).toContain("GET /hub");
  expect(sockets).toEqual([]);

  await page.getByLabel("Message").selectOption("START_ALL_SCANS");
  await page.getByRole("button", { name: "Send" }).click();
  const log = page.getByRole("log", { name: "Events" });
  await expect(log).toContainText("event: scan started");
  await expect(log).toContainText("event: scan progress percent=40");
  await expect(log).toContainText("event: scan complete percent=100");

  await page.getByLabel("Message").selectOption("DRIVER_INSTALL_REQUEST");
  await page.getByRole("button", { name: "Send" }).click();
  await expect(log).toContainText(
    "DRIVER_INSTALL_REQUEST refused: INSTALL_ALREADY_IN_PROGRESS (An installation is already in progress. Please wait for it to finish.)",
  );

  sim.hub.closeAll(true);
  await expect(page.getByLabel("Hub state history")).toHaveText("Disconnected → Connecting → Connected → Reconnecting → Connected");
  await expect(page.getByRole("status", { name: "Hub state" })).toHaveText("Hub: Connected");

  await page.getByRole("button", { name: "Disconnect" }).click();
  await expect(page.getByRole("status", { name: "Hub state" })).toHaveText("Hub: Disconnected");
  await expect.poll(() => sim.hub.connectionCount).toBe(0);
});

test("the console stops cleanly when stopped during the reconnect delay", async ({ page, sim, agentBases }) => {
  await page.goto("/dev/agent");
  await page.getByRole("button", { name: "Find the agent" }).click();
  await page.getByRole("button", { name: "Connect", exact: true }).click();
  await expect(page.getByRole("status", { name: "Hub state" })).toHaveText("Hub: Connected");

  // The agent goes away after telling the client to reconnect: the first attempt (at once) fails,
  // and the client waits 2 s before the next.
  sim.hub.closeAll(true);
  await sim.close();
  await expect(page.getByRole("status", { name: "Hub state" })).toHaveText("Hub: Reconnecting");
  await page.waitForTimeout(300);
  await page.getByRole("button", { name: "Disconnect" }).click();
  await expect(page.getByRole("status", { name: "Hub state" })).toHaveText("Hub: Disconnected");

  // The agent comes back; a stopped client does not.
  const revived = await startAgentSimulator({
    dsoneBasePort: agentBases.dsone,
    maverickBasePort: agentBases.maverick,
    portIndex: 2,
    host: "localhost",
  });
  try {
    await page.waitForTimeout(3_000);
    expect(revived.hub.connectionCount).toBe(0);
    await expect(page.getByRole("status", { name: "Hub state" })).toHaveText("Hub: Disconnected");
  } finally {
    await revived.close();
  }
});
