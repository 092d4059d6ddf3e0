import * as signalr from "@microsoft/signalr";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { type RunningSimulator, startAgentSimulator } from "../agent-sim/simulator.ts";
import {
  AGENT_ERRORS,
  type AgentEvent,
  agentErrorMessage,
  isKnownMessageType,
  MESSAGE_TYPES,
  SOCKET_ERRORS,
} from "../common/agent/catalogue.ts";
import { AGENT_VARIANTS, agentPorts } from "../common/agent/ports.ts";
import { loadConfig } from "../server/base/config.ts";
import { detectAgent } from "../web/agent/detect.ts";
import { AgentHub, HUB_TIMEOUTS } from "../web/agent/hub.ts";
import { longPollByHand } from "./support/hub-by-hand.ts";
import { freePort } from "./support/spawn-server.ts";

/**
 * Rows of SPEC.md sections 4, 7, 8 and 9 about the desktop agent that no other test would notice
 * breaking: the hub's timeouts, what the hub does with an incomplete handshake and with stream and
 * cancel messages, the download, install and remote-uninstall events, the default ports, and the
 * customer's text for every code of the catalogue. Names are spelt as SPEC.md has them.
 */
let sim: RunningSimulator;
const hubs: AgentHub[] = [];
const RS = "\u001e";

beforeAll(async () => {
  const [dsone, maverick] = [await freePort(), await freePort()];
  sim = await startAgentSimulator({ dsoneBasePort: dsone - 1, maverickBasePort: maverick - 1, portIndex: 1, pollMs: 2_000, stepMs: 10 });
});
afterEach(async () => {
  vi.restoreAllMocks();
  await Promise.all(hubs.splice(0).map((hub) => hub.stop()));
  await fetch(`http://127.0.0.1:${sim.ports.dsone}/sim/reset`, { method: "POST" });
});
afterAll(async () => {
  await sim?.close();
});

function hub(): AgentHub {
  const made = new AgentHub(`http://127.0.0.1:${sim.ports.dsone}/hub`);
  hubs.push(made);
  return made;
}

describe("the hub's constants (SPEC section 9)", () => {
  it("server timeout 30 s, keep-alive ping 15 s, long-poll request timeout 100 s, on the connection the web app builds", async () => {
    expect(HUB_TIMEOUTS).toEqual({ serverTimeoutMs: 30_000, keepAliveMs: 15_000, longPollMs: 100_000 });
    const built: signalr.HubConnection[] = [];
    const urls: signalr.IHttpConnectionOptions[] = [];
    const build = signalr.HubConnectionBuilder.prototype.build;
    const withUrl = signalr.HubConnectionBuilder.prototype.withUrl;
    vi.spyOn(signalr.HubConnectionBuilder.prototype, "build").mockImplementation(function (this: signalr.HubConnectionBuilder) {
      const connection = build.call(this);
      built.push(connection);
      return connection;
    });
    vi.spyOn(signalr.HubConnectionBuilder.prototype, "withUrl").mockImplementation(function (
      this: signalr.HubConnectionBuilder,
      url: string,
      options?: signalr.IHttpConnectionOptions | signalr.HttpTransportType,
    ) {
      if (typeof options === "object") urls.push(options);
      return withUrl.call(this, url, options as signalr.IHttpConnectionOptions);
    });
    const agent = hub();
    await agent.start();
    expect(built).toHaveLength(1);
    expect(built[0]?.serverTimeoutInMilliseconds).toBe(30_000);
    expect(built[0]?.keepAliveIntervalInMilliseconds).toBe(15_000);
    expect(urls).toHaveLength(1);
    expect(urls[0]?.timeout).toBe(100_000);
    expect(urls[0]?.transport).toBe(signalr.HttpTransportType.LongPolling);
  });
});

/** A long-polling client spoken by hand, to send the simulator what the official client never does. */
const connectByHand = () => longPollByHand(sim.ports.dsone);

describe("the hub's handshake and messages (SPEC section 7)", () => {
  it("an incomplete handshake is rejected: the connection is closed saying so", async () => {
    const { poll, post } = await connectByHand();
    // The record separator that ends every message is missing.
    await post('{"protocol":"json","version":1}');
    expect(await poll()).toEqual({
      status: 200,
      text: `{"type":7,"error":"Connection closed with an error: the message was incomplete."}${RS}`,
    });
    expect((await poll()).status).toBe(204);
  });

  it("a stream invocation is answered with a completion that refuses it; stream items and cancels need no answer", async () => {
    const { poll, post } = await connectByHand();
    await post(`{"protocol":"json","version":1}${RS}`);
    expect(await poll()).toEqual({ status: 200, text: `{}${RS}` });

    await post(`{"type":4,"invocationId":"s1","target":"SendMessage","arguments":[{"type":"START_ALL_SCANS"}]}${RS}`);
    expect(await poll()).toEqual({
      status: 200,
      text: `{"type":3,"invocationId":"s1","error":"Streaming is not supported by the agent."}${RS}`,
    });

    // A stream item and a cancel: the connection stays open, and the next answer is the invocation's.
    await post(`{"type":2,"invocationId":"s1","item":{"n":1}}${RS}{"type":5,"invocationId":"s1"}${RS}`);
    await post(`{"type":1,"invocationId":"i1","target":"SendMessage","arguments":[{"type":"GET_LICENSE"}]}${RS}`);
    expect(await poll()).toEqual({
      status: 200,
      text: `{"type":3,"invocationId":"i1","result":{"accepted":true,"messageType":"GET_LICENSE"}}${RS}`,
    });
  });
});

describe("the agent's events reach the web app (SPEC section 4, Agent events)", () => {
  async function eventsOf(type: string, payload: unknown, last: (event: AgentEvent) => boolean): Promise<AgentEvent[]> {
    const agent = hub();
    const events: AgentEvent[] = [];
    const done = new Promise<void>((resolve) =>
      agent.onEvent((event) => {
        events.push(event);
        if (last(event)) resolve();
      }),
    );
    await agent.start();
    expect(await agent.send({ type, payload })).toMatchObject({ accepted: true });
    await done;
    return events;
  }
  const statuses = (events: AgentEvent[]) => events.map((event) => `${event.kind} ${event.status}`);

  it("driver download: error", async () => {
    const events = await eventsOf("DOWNLOAD_DRIVER_REQUEST", { driverId: "gpu-2", outcome: "error" }, (e) => e.status === "error");
    expect(statuses(events)).toEqual([
      "driverDownload queued",
      "driverDownload starting",
      "driverDownload progress",
      "driverDownload error",
    ]);
    expect(events.at(-1)).toEqual({ kind: "driverDownload", status: "error", driverId: "gpu-2", reason: "DISK_IS_FULL" });
  });

  it("driver download: cancelled", async () => {
    const events = await eventsOf("DOWNLOAD_DRIVER_REQUEST", { driverId: "gpu-3", outcome: "cancelled" }, (e) => e.status === "cancelled");
    expect(statuses(events).at(-1)).toBe("driverDownload cancelled");
    expect(events.at(-1)).toEqual({ kind: "driverDownload", status: "cancelled", driverId: "gpu-3" });
  });

  it("driver install: update, verifying, verified; and force complete", async () => {
    expect(statuses(await eventsOf("DRIVER_INSTALL_REQUEST", { driverId: "gpu-4" }, (e) => e.status === "verified"))).toEqual([
      "driverInstall update",
      "driverInstall verifying",
      "driverInstall verified",
    ]);
    expect(
      statuses(await eventsOf("DRIVER_INSTALL_REQUEST", { driverId: "gpu-4", force: true }, (e) => e.status === "forceComplete")),
    ).toEqual(["driverInstall update", "driverInstall forceComplete"]);
  });

  it("remote uninstall: a status message", async () => {
    const events = await eventsOf("DO_REMOTE_UNINSTALL", undefined, (e) => e.kind === "remoteUninstall");
    expect(events).toEqual([{ kind: "remoteUninstall", status: "Uninstall scheduled; it runs at the next restart." }]);
  });
});

describe("the default agent ports (SPEC sections 7 and 9)", () => {
  it("49217 to 49221 and 51215 to 51219: the catalogue's, the server configuration's, the simulator's, and where detection looks", async () => {
    expect(agentPorts(AGENT_VARIANTS.dsone.basePort)).toEqual([49217, 49218, 49219, 49220, 49221]);
    expect(agentPorts(AGENT_VARIANTS.maverick.basePort)).toEqual([51215, 51216, 51217, 51218, 51219]);
    const { agent } = loadConfig({});
    expect([agent.dsoneBasePort, agent.maverickBasePort]).toEqual([49217, 51215]);

    // A simulator told no ports listens on the default ones: on the first free index of the five,
    // in case something on this machine holds one of them.
    let defaults: RunningSimulator | undefined;
    let index = 0;
    for (; index < 5 && !defaults; index += 1) defaults = await startAgentSimulator({ portIndex: index }).catch(() => undefined);
    if (!defaults) throw new Error("none of the default agent ports is free on this machine");
    index -= 1;
    try {
      expect(defaults.ports).toEqual({ dsone: 49217 + index, maverick: 51215 + index });
      // The web app's detection with the server's default configuration finds it there.
      const options = { host: "127.0.0.1", timeoutMs: 2_000 };
      expect(await detectAgent("dsone", { ...options, basePort: agent.dsoneBasePort })).toMatchObject({ port: 49217 + index });
      expect(await detectAgent("maverick", { ...options, basePort: agent.maverickBasePort })).toMatchObject({ port: 51215 + index });
    } finally {
      await defaults.close();
    }
  });
});

describe("the agent catalogue (SPEC sections 7 and 8)", () => {
  // Copied from SPEC.md as written there.
  const SPEC_MESSAGE_TYPES =
    "GET_ENUM_VALUES, GET_AGENT_INFO, CHECK_LICENSE, USER_LOGON, WEB_UI_LOGON, START_ALL_SCANS, START_HARDWARE_SCAN, START_SOFTWARE_SCAN, START_NDT_SCAN, START_FILE_CLEANUP_SCAN, DELETE_CLEAN_UP_FILES, DO_SYSTEM_OPTIMIZATIONS, RESTORE_SYSTEM_OPTIMIZATIONS, GET_APP_SETTINGS, UPDATE_USER_SETTING_VALUE, ADD_SUPPORT_CASE, DOWNLOAD_DRIVER_REQUEST, DRIVER_INSTALL_REQUEST, DO_SYSTEM_REBOOT, GET_NOTIFICATIONS, DELETE_NOTIFICATION, GET_LICENSE, GET_MACHINE_INTELLIGENCE, DO_CLIENT_UPDATE, DO_REMOTE_UNINSTALL, REMOTE_TRIGGER_JIT";
  const SPEC_SOCKET_ERRORS =
    "NOT_SET, BAD_MESSAGE_FORMAT, MESSAGE_NOT_FOUND, CONNECTION_ERROR, INTERNAL_ERROR, NO_MESSAGE_HANDLER_FOUND, NOT_CONNECTED, ITEM_NOT_FOUND, SCAN_ERROR, DRIVER_NOT_FOUND, DEVICE_UPDATE_NOT_FOUND, INSTALL_ALREADY_IN_PROGRESS, INSTALL_PACKAGE_IS_INVALID, INSTALL_PACKAGE_NOT_FOUND, INSTALL_START_FAILED, DEVICE_NOT_FOUND, MANUFACTURERS_NOT_FOUND, MACHINE_INTELLIGENCE_UPDATE_FAILED, USER_SETTINGS_ERROR, REMOTE_TRIGGER_NOT_TRIGGERED";
  const SPEC_AGENT_ERRORS =
    "DISK_IS_FULL, UPDATE_DRIVER_FAILED, LICENSE_CHECK_FAILED, USER_LOGON_FAILED, ADD_SUPPORT_CASE_FAILED, UI_ERROR, CRITICAL_APPLICATION_ERROR";
  const names = (list: string) => list.split(", ");

  it("has every message type, in the specification's order, and the simulated agent knows each", async () => {
    expect(MESSAGE_TYPES).toEqual(names(SPEC_MESSAGE_TYPES));
    for (const type of names(SPEC_MESSAGE_TYPES)) expect(isKnownMessageType(type), type).toBe(true);
    expect(isKnownMessageType("NOT_A_MESSAGE")).toBe(false);
  });

  it("every message type gets an answer from the agent, never MESSAGE_NOT_FOUND", async () => {
    const agent = hub();
    await agent.start();
    for (const type of names(SPEC_MESSAGE_TYPES)) {
      const answer = await agent.send({ type }).catch((error: Error) => error.message);
      // The one refusal of the catalogue is an install naming no driver, with its own code.
      if (type === "DRIVER_INSTALL_REQUEST") expect(String(answer), type).toMatch(/INSTALL_ALREADY_IN_PROGRESS/);
      else expect(answer, type).toEqual(expect.objectContaining({}));
    }
  });

  const table: [string, string, Record<string, string>][] = [
    ...names(SPEC_SOCKET_ERRORS).map((code): [string, string, Record<string, string>] => ["socket error code", code, SOCKET_ERRORS]),
    ...names(SPEC_AGENT_ERRORS).map((code): [string, string, Record<string, string>] => ["agent error message", code, AGENT_ERRORS]),
  ];

  it.each(table)("%s %s has its own customer-facing text", (_kind, code, texts) => {
    const text = texts[code];
    expect(text, code).toMatch(/^[A-Z][^_]{10,}\.$/);
    expect(agentErrorMessage(code)).toBe(text);
    expect(agentErrorMessage(` ${code}\n`)).toBe(text);
  });

  it("the lists are the specification's, no more, and no two codes read alike", () => {
    expect(Object.keys(SOCKET_ERRORS)).toEqual(names(SPEC_SOCKET_ERRORS));
    expect(Object.keys(AGENT_ERRORS)).toEqual(names(SPEC_AGENT_ERRORS));
    const texts = [...Object.values(SOCKET_ERRORS), ...Object.values(AGENT_ERRORS)];
    expect(new Set(texts).size).toBe(texts.length);
    // An unknown code reads as NOT_SET's text.
    expect(agentErrorMessage("SOMETHING_ELSE")).toBe(SOCKET_ERRORS.NOT_SET);
  });
});
