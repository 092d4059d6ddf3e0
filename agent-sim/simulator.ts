import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { WebSocketServer } from "ws";
import { AGENT_VARIANTS, type AgentVariant } from "../common/agent/ports.ts";
import { Hub, readBody } from "./hub.ts";

/**
 * A stand-in for the desktop agent on the customer's machine: the registration state on one of the
 * variant's five ports, the license-check endpoints, and the SignalR hub. It records what it was
 * asked, so tests can read it back (GET /sim/received).
 */
export interface SimulatorOptions {
  /** The first port of each variant's five (SPEC section 9: 49217 and 51215). */
  dsoneBasePort?: number;
  maverickBasePort?: number;
  /** Which of the five ports the agent listens on (0 to 4). */
  portIndex?: number;
  host?: string;
  pingMs?: number;
  pollMs?: number;
  stepMs?: number;
  uuid?: string;
  /**
   * The Bearer access token the agent asks its hub clients for (SPEC section 7): set, the hub answers
   * 401 to a request without it. Unset, the hub asks for none. POST /sim/access-token?token=… changes it.
   */
  accessToken?: string;
}

interface ReceivedRequest {
  variant: AgentVariant;
  path: string;
  body: unknown;
  origin: string | undefined;
}

export interface RunningSimulator {
  ports: Record<AgentVariant, number>;
  hub: Hub;
  received: ReceivedRequest[];
  close(): Promise<void>;
}

/**
 * The CORS answer a browser needs to let a web page read the agent: the page's origin echoed with
 * credentials allowed, and, for Chrome's private network access checks, permission for a public
 * page to reach this private address. docs/integrating.md documents this as the real agent's contract.
 */
function cors(request: IncomingMessage, response: ServerResponse): void {
  const origin = request.headers.origin;
  if (origin) {
    response.setHeader("access-control-allow-origin", origin);
    response.setHeader("access-control-allow-credentials", "true");
    response.setHeader("vary", "Origin");
  }
  if (request.method === "OPTIONS") {
    response.setHeader("access-control-allow-methods", "GET, POST, DELETE, OPTIONS");
    response.setHeader("access-control-allow-headers", request.headers["access-control-request-headers"] ?? "content-type");
    response.setHeader("access-control-max-age", "600");
    if (request.headers["access-control-request-private-network"] === "true")
      response.setHeader("access-control-allow-private-network", "true");
  }
}

/**
 * Whether a hub request carries the access token: as a Bearer Authorization header, or, from a
 * browser's WebSocket, which cannot send headers, as the access_token query parameter.
 */
function authorized(request: IncomingMessage, url: URL, accessToken: string | undefined): boolean {
  if (accessToken === undefined) return true;
  return request.headers.authorization === `Bearer ${accessToken}` || url.searchParams.get("access_token") === accessToken;
}

function json(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { "content-type": "application/json", "cache-control": "no-store" }).end(JSON.stringify(body));
}

export async function startAgentSimulator(options: SimulatorOptions = {}): Promise<RunningSimulator> {
  const portIndex = options.portIndex ?? 0;
  const host = options.host ?? "127.0.0.1";
  const uuid = options.uuid ?? "3f2b8c1e-6a4d-4e0f-9b7a-2c5d8e1f4a60";
  const received: ReceivedRequest[] = [];
  let accessToken = options.accessToken;
  const hub = new Hub({
    pingMs: options.pingMs ?? 15_000,
    pollMs: options.pollMs ?? 90_000,
    stepMs: options.stepMs ?? 150,
    agentInfo: { version: "simulator-1.0", uuid, os: "Windows 11 (simulated)" },
  });
  const bases: Record<AgentVariant, number> = {
    dsone: options.dsoneBasePort ?? AGENT_VARIANTS.dsone.basePort,
    maverick: options.maverickBasePort ?? AGENT_VARIANTS.maverick.basePort,
  };

  const servers: Server[] = [];
  const ports = {} as Record<AgentVariant, number>;
  for (const variant of Object.keys(AGENT_VARIANTS) as AgentVariant[]) {
    const { regstatePath, licenseCheckPath } = AGENT_VARIANTS[variant];
    const server = createServer(async (request, response) => {
      cors(request, response);
      const url = new URL(request.url ?? "/", "http://agent");
      const route = `${request.method} ${url.pathname}`;
      try {
        if (request.method === "OPTIONS") return void response.writeHead(204).end();
        if (route === `GET ${regstatePath}`)
          return json(response, 200, { registered: true, product: variant, uuid, version: "simulator-1.0" });
        if (route === `POST ${licenseCheckPath}`) {
          const text = await readBody(request);
          let body: unknown;
          try {
            body = JSON.parse(text);
          } catch {
            return json(response, 400, { isOk: false, error: "BAD_MESSAGE_FORMAT" });
          }
          received.push({ variant, path: url.pathname, body, origin: request.headers.origin });
          return json(response, 200, { isOk: true });
        }
        if (url.pathname.startsWith("/hub") && !authorized(request, url, accessToken))
          return json(response, 401, { error: "NOT_CONNECTED" });
        if (route === "POST /hub/negotiate") return json(response, 200, hub.negotiate());
        const token = url.searchParams.get("id") ?? "";
        if (route === "GET /hub") return hub.poll(token, response);
        if (route === "POST /hub") return hub.receive(token, await readBody(request), response);
        if (route === "DELETE /hub") return hub.end(token, response);
        if (route === "GET /sim/received") return json(response, 200, received);
        if (route === "POST /sim/close") {
          hub.closeAll(url.searchParams.get("allowReconnect") === "true");
          return json(response, 200, { closed: true });
        }
        if (route === "POST /sim/handshake") {
          hub.rejectHandshake = url.searchParams.get("reject") === "true";
          return json(response, 200, { rejectHandshake: hub.rejectHandshake });
        }
        if (route === "POST /sim/access-token") {
          accessToken = url.searchParams.get("token") || undefined;
          return json(response, 200, { accessToken: accessToken !== undefined });
        }
        if (route === "POST /sim/reset") {
          received.length = 0;
          hub.rejectHandshake = false;
          accessToken = options.accessToken;
          return json(response, 200, { reset: true });
        }
        json(response, 404, { error: "ITEM_NOT_FOUND" });
      } catch {
        if (!response.headersSent) json(response, 500, { error: "INTERNAL_ERROR" });
      }
    });
    const sockets = new WebSocketServer({ noServer: true });
    server.on("upgrade", (request, socket, head) => {
      const url = new URL(request.url ?? "/", "http://agent");
      if (url.pathname !== "/hub" || !authorized(request, url, accessToken)) return void socket.destroy();
      sockets.handleUpgrade(request, socket, head, (ws) => hub.attach(url.searchParams.get("id") ?? "", ws));
    });
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(bases[variant] + portIndex, host, resolve);
    });
    ports[variant] = (server.address() as AddressInfo).port;
    servers.push(server);
  }

  return {
    ports,
    hub,
    received,
    async close() {
      hub.stop();
      await Promise.all(
        servers.map(
          (server) =>
            new Promise<void>((resolve) => {
              server.closeAllConnections();
              server.close(() => resolve());
            }),
        ),
      );
    },
  };
}
