import { HttpTransportType, type HubConnection, HubConnectionBuilder, HubConnectionState, LogLevel } from "@microsoft/signalr";
import * as client from "openid-client";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { signInAgent } from "../agent-sim/account-sign-in.ts";
import { type RunningSimulator, startAgentSimulator } from "../agent-sim/simulator.ts";
import { type AgentEvent, HUB_METHODS } from "../common/agent/catalogue.ts";
import { AgentHub, type AgentHubOptions, type HubState } from "../web/agent/hub.ts";
import { BrowserAgent } from "./support/browser-agent.ts";
import { describeEachDatabase } from "./support/databases.ts";
import { userinfoStatus } from "./support/dpop.ts";
import { longPollByHand, RECORD_SEPARATOR } from "./support/hub-by-hand.ts";
import { unlimitedRateLimits } from "./support/limits.ts";
import { discover, type OidcTestBed, passwordSignIn, startOidcTestBed } from "./support/oidc-flow.ts";
import { freePort } from "./support/spawn-server.ts";

/** The official SignalR client against the agent simulator, over both transports. */
let sim: RunningSimulator;
const open: HubConnection[] = [];
const hubs: AgentHub[] = [];

beforeAll(async () => {
  // Free ports, as the simulator's second of five: a fixed one may be any connection's local port.
  const [dsone, maverick] = [await freePort(), await freePort()];
  sim = await startAgentSimulator({
    dsoneBasePort: dsone - 1,
    maverickBasePort: maverick - 1,
    portIndex: 1,
    pingMs: 200,
    pollMs: 2_000,
    stepMs: 20,
  });
});
afterEach(async () => {
  await Promise.all(open.splice(0).map((connection) => connection.stop()));
  await Promise.all(hubs.splice(0).map((hub) => hub.stop()));
  await fetch(`http://127.0.0.1:${sim.ports.dsone}/sim/reset`, { method: "POST" });
});
afterAll(async () => {
  await sim?.close();
});

function connect(transport: HttpTransportType): HubConnection {
  const connection = new HubConnectionBuilder()
    .withUrl(`http://127.0.0.1:${sim.ports.dsone}/hub`, { transport })
    .configureLogging(LogLevel.None)
    .build();
  open.push(connection);
  return connection;
}

describe.each([
  ["WebSockets", HttpTransportType.WebSockets],
  ["long polling", HttpTransportType.LongPolling],
])("the hub over %s", (_name, transport) => {
  it("connects, runs a full scan with its progress events, and answers invocations", async () => {
    const connection = connect(transport);
    const events: AgentEvent[] = [];
    const complete = new Promise<void>((resolve) => {
      connection.on(HUB_METHODS.event, (event: AgentEvent) => {
        events.push(event);
        if (event.kind === "scan" && event.status === "complete") resolve();
      });
    });
    await connection.start();
    expect(connection.state).toBe(HubConnectionState.Connected);
    expect(await connection.invoke(HUB_METHODS.send, { type: "START_ALL_SCANS" })).toMatchObject({ accepted: true });
    await complete;
    expect(events.map((event) => (event.kind === "scan" ? `${event.status}${event.percent ?? ""}` : ""))).toEqual([
      "started",
      "progress20",
      "progress40",
      "progress60",
      "progress80",
      "updated",
      "complete100",
    ]);
  });

  it("downloads a driver that retries then completes, and refuses an install already in progress", async () => {
    const connection = connect(transport);
    const statuses: string[] = [];
    const done = new Promise<void>((resolve) => {
      connection.on(HUB_METHODS.event, (event: AgentEvent) => {
        if (event.kind !== "driverDownload") return;
        statuses.push(event.status);
        if (event.status === "complete") resolve();
      });
    });
    await connection.start();
    await connection.invoke(HUB_METHODS.send, { type: "DOWNLOAD_DRIVER_REQUEST", payload: { driverId: "gpu-1" } });
    await done;
    expect(statuses).toEqual(["queued", "starting", "progress", "retry", "progress", "complete"]);
    await expect(connection.invoke(HUB_METHODS.send, { type: "DRIVER_INSTALL_REQUEST" })).rejects.toThrow("INSTALL_ALREADY_IN_PROGRESS");
    await expect(connection.invoke(HUB_METHODS.send, { type: "NOT_A_MESSAGE" })).rejects.toThrow("MESSAGE_NOT_FOUND");
  });

  it("fails to start when the handshake is refused", async () => {
    await fetch(`http://127.0.0.1:${sim.ports.dsone}/sim/handshake?reject=true`, { method: "POST" });
    const connection = connect(transport);
    await expect(connection.start()).rejects.toThrow(/refused the connection/);
    expect(connection.state).toBe(HubConnectionState.Disconnected);
  });

  it("refuses a second start while the first is running", async () => {
    const connection = connect(transport);
    await connection.start();
    await expect(connection.start()).rejects.toThrow("Cannot start a HubConnection that is not in the 'Disconnected' state.");
  });

  it("closes on the server's close message; with allowReconnect it reconnects", async () => {
    const connection = new HubConnectionBuilder()
      .withUrl(`http://127.0.0.1:${sim.ports.dsone}/hub`, { transport })
      .withAutomaticReconnect([0, 100])
      .configureLogging(LogLevel.None)
      .build();
    open.push(connection);
    const states: string[] = [];
    connection.onreconnecting(() => states.push("Reconnecting"));
    const reconnected = new Promise<void>((resolve) => connection.onreconnected(() => resolve()));
    await connection.start();
    await fetch(`http://127.0.0.1:${sim.ports.dsone}/sim/close?allowReconnect=true`, { method: "POST" });
    await reconnected;
    expect(states).toEqual(["Reconnecting"]);
    expect(connection.state).toBe(HubConnectionState.Connected);

    const closed = new Promise<Error | undefined>((resolve) => connection.onclose(resolve));
    await fetch(`http://127.0.0.1:${sim.ports.dsone}/sim/close?allowReconnect=false`, { method: "POST" });
    expect((await closed)?.message).toMatch(/The agent is restarting/);
    expect(connection.state).toBe(HubConnectionState.Disconnected);
  });
});

describe.each(["LongPolling", "WebSockets"] as const)("the web app's hub client (web/agent/hub.ts) over %s", (transport) => {
  const TOKEN = "agent-issued-token";
  const control = (path: string) => fetch(`http://127.0.0.1:${sim.ports.dsone}/sim/${path}`, { method: "POST" });

  function hubWith(options: AgentHubOptions): { hub: AgentHub; states: HubState[] } {
    const hub = new AgentHub(`http://127.0.0.1:${sim.ports.dsone}/hub`, { transport, ...options });
    hubs.push(hub);
    const states: HubState[] = [];
    hub.onState((state) => states.push(state));
    return { hub, states };
  }

  function reaches(hub: AgentHub, wanted: HubState): Promise<void> {
    return new Promise((resolve) => hub.onState((state) => state === wanted && resolve()));
  }

  it("without a retry policy, goes to Disconnected when the connection drops, and may start again", async () => {
    const { hub, states } = hubWith({ reconnectDelaysMs: false });
    await hub.start();
    const disconnected = reaches(hub, "Disconnected");
    // The agent goes away allowing a reconnect: only a retry policy would take it up.
    await control("close?allowReconnect=true");
    await disconnected;
    expect(states).toEqual(["Connecting", "Connected", "Disconnected"]);
    await hub.start();
    expect(hub.state).toBe("Connected");
  });

  it("with a retry policy, goes to Reconnecting and back when the connection drops", async () => {
    const { hub, states } = hubWith({ reconnectDelaysMs: [0, 100] });
    await hub.start();
    const back = reaches(hub, "Reconnecting").then(() => reaches(hub, "Connected"));
    await control("close?allowReconnect=true");
    await back;
    expect(states).toEqual(["Connecting", "Connected", "Reconnecting", "Connected"]);
  });

  it("passes the Bearer access token to an agent that asks for one; without it the agent refuses", async () => {
    await control(`access-token?token=${TOKEN}`);
    const refused = hubWith({});
    await expect(refused.hub.start()).rejects.toThrow(/401/);
    expect(refused.states).toEqual(["Connecting", "Disconnected"]);

    const { hub } = hubWith({ accessToken: async () => TOKEN });
    await hub.start();
    expect(hub.state).toBe("Connected");
    expect(await hub.send({ type: "GET_AGENT_INFO" })).toMatchObject({ version: "simulator-1.0" });
  });
});

describe("the agent's HTTP side", () => {
  it("serves both registration states on their ports and records license checks, with the CORS a browser needs", async () => {
    const origin = "https://account.example";
    const dsone = await fetch(`http://127.0.0.1:${sim.ports.dsone}/regstate`, { headers: { origin } });
    expect(dsone.headers.get("access-control-allow-origin")).toBe(origin);
    expect(dsone.headers.get("access-control-allow-credentials")).toBe("true");
    expect(await dsone.json()).toMatchObject({ registered: true, product: "dsone" });
    expect((await fetch(`http://127.0.0.1:${sim.ports.maverick}/maverick/regstate`)).status).toBe(200);
    expect((await fetch(`http://127.0.0.1:${sim.ports.dsone}/maverick/regstate`)).status).toBe(404);

    const preflight = await fetch(`http://127.0.0.1:${sim.ports.maverick}/maverick/sendchecklicense`, {
      method: "OPTIONS",
      headers: {
        origin,
        "access-control-request-method": "POST",
        "access-control-request-headers": "content-type",
        "access-control-request-private-network": "true",
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get("access-control-allow-private-network")).toBe("true");
    expect(preflight.headers.get("access-control-allow-headers")).toBe("content-type");

    await fetch(`http://127.0.0.1:${sim.ports.maverick}/maverick/sendchecklicense`, {
      method: "POST",
      headers: { "content-type": "application/json", origin },
      body: JSON.stringify({ UUID: "u", PreferredBrowser: "edge", ShowUI: true }),
    });
    expect(sim.received).toEqual([
      { variant: "maverick", path: "/maverick/sendchecklicense", body: { UUID: "u", PreferredBrowser: "edge", ShowUI: true }, origin },
    ]);
  });
});

describe("the hub's long polling, spoken by hand", () => {
  const RS = RECORD_SEPARATOR;
  async function connectByHand() {
    const { url, poll, post } = await longPollByHand(sim.ports.dsone);
    await post(`{"protocol":"json","version":1}${RS}`);
    expect(await poll()).toEqual({ status: 200, text: `{}${RS}` });
    return { url, poll };
  }

  it("still delivers the close message when the server closes between two polls, then answers 204", async () => {
    const { poll } = await connectByHand();
    sim.hub.closeAll(false);
    expect(await poll()).toEqual({ status: 200, text: `{"type":7,"error":"The agent is restarting.","allowReconnect":false}${RS}` });
    expect((await poll()).status).toBe(204);
  });

  it("closes a connection that sends a record that is not JSON, and keeps serving others", async () => {
    const { url, poll } = await connectByHand();
    await fetch(url, { method: "POST", body: `{"type":${RS}` });
    expect((await poll()).text).toBe(`{"type":7,"error":"Connection closed with an error: a message was not valid JSON."}${RS}`);
    expect((await fetch(`http://127.0.0.1:${sim.ports.dsone}/regstate`)).status).toBe(200);
  });
});

describeEachDatabase("the simulated agent's own sign-in, on %s", (kind) => {
  let bed: OidcTestBed;
  beforeAll(async () => {
    bed = await startOidcTestBed(kind, unlimitedRateLimits());
  });
  afterAll(async () => {
    await bed?.server.stop();
  });

  /** The customer's browser: signs in on the brand's screen and comes back to the agent's loopback address. */
  async function customerOpens(url: string): Promise<void> {
    const browser = new BrowserAgent();
    const redirectUri = new URL(url).searchParams.get("redirect_uri") as string;
    let stop = await browser.follow(url, redirectUri);
    if (!stop.url.startsWith(redirectUri)) {
      const returnUrl = new URL(stop.url).searchParams.get("ReturnUrl") as string;
      stop = await browser.follow(await passwordSignIn(bed, browser, returnUrl), redirectUri);
    }
    expect((await fetch(stop.url)).status).toBe(200);
  }

  it("holds a key and sends proofs: its tokens are bound to it, and only it refreshes them", async () => {
    const session = await signInAgent({ issuer: bed.issuer, open: customerOpens, timeoutMs: 10_000 });
    expect(session.tokens.token_type).toBe("dpop");
    expect(await session.userinfo()).toMatchObject({ sub: bed.accountId, email: bed.email });
    const stolen = session.tokens.refresh_token as string;
    // Copied off the PC, neither token works without the key.
    expect(await userinfoStatus(bed.issuer, session.tokens.access_token)).toBe(401);
    const elsewhere = await discover(bed.issuer, "desktop-agent");
    await expect(client.refreshTokenGrant(elsewhere, stolen)).rejects.toMatchObject({ error: "invalid_grant" });
    await expect(
      client.refreshTokenGrant(elsewhere, stolen, undefined, { DPoP: client.getDPoPHandle(elsewhere, await client.randomDPoPKeyPair()) }),
    ).rejects.toMatchObject({ error: "invalid_grant" });
    // The agent itself refreshes, and the new tokens are bound to the same key.
    const refreshed = await session.refresh();
    expect(refreshed.token_type).toBe("dpop");
    expect(await session.userinfo()).toMatchObject({ sub: bed.accountId });
    const stored = await bed.server.db
      .selectFrom("oidc_payloads")
      .select("payload")
      .where("model", "=", "AccessToken")
      .where("account_id", "=", bed.accountId)
      .execute();
    expect(stored.map((row) => (JSON.parse(row.payload) as { jkt?: string }).jkt)).toContain(session.thumbprint);
  });
});
