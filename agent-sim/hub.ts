import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { WebSocket } from "ws";
import { HUB_METHODS, isKnownMessageType } from "../common/agent/catalogue.ts";
import { frame, type HubMessage, MessageType, records } from "./protocol.ts";
import { runScenario } from "./scenarios.ts";

/**
 * A SignalR hub that speaks the wire protocol itself (no server package does this for Node):
 * negotiate, WebSockets and long polling, the JSON hub protocol with its handshake, pings, and
 * close with or without allowReconnect.
 */
/** A connection with no transport activity for this long is forgotten (the client polls at least every 100 s). */
const SWEEP_AFTER_MS = 120_000;

export interface HubOptions {
  /** Keep-alive pings (the client's server timeout is 30 s; SPEC section 9 pings every 15 s). */
  pingMs: number;
  /** How long a long poll is held open before it answers empty (the client waits up to 100 s). */
  pollMs: number;
  /** Time between a scenario's events. */
  stepMs: number;
  agentInfo: Record<string, unknown>;
}

interface Connection {
  token: string;
  transport?: "WebSockets" | "LongPolling";
  handshaken: boolean;
  closed: boolean;
  outbox: string[];
  pollStarted: boolean;
  /** The one long poll being held open, with the timer that answers it empty. */
  held?: { response: ServerResponse; timer: NodeJS.Timeout };
  /** When the connection last showed life (negotiated, polled, sent): idle ones are swept. */
  lastSeen: number;
  closedAt?: number;
  socket?: WebSocket;
  pingTimer?: NodeJS.Timeout;
  timers: Set<NodeJS.Timeout>;
}

export class Hub {
  readonly #connections = new Map<string, Connection>();
  readonly #options: HubOptions;
  /** Refuse every handshake (the error case of SPEC section 7), for tests. */
  rejectHandshake = false;

  readonly #sweeper: NodeJS.Timeout;

  constructor(options: HubOptions) {
    this.#options = options;
    this.#sweeper = setInterval(() => this.#sweep(), SWEEP_AFTER_MS / 2);
    this.#sweeper.unref();
  }

  get connectionCount(): number {
    return [...this.#connections.values()].filter((connection) => !connection.closed).length;
  }

  negotiate(): object {
    const token = randomUUID();
    this.#connections.set(token, {
      token,
      handshaken: false,
      closed: false,
      outbox: [],
      pollStarted: false,
      timers: new Set(),
      lastSeen: Date.now(),
    });
    return {
      connectionId: randomUUID(),
      connectionToken: token,
      negotiateVersion: 1,
      availableTransports: [
        { transport: "WebSockets", transferFormats: ["Text", "Binary"] },
        { transport: "LongPolling", transferFormats: ["Text", "Binary"] },
      ],
    };
  }

  /**
   * GET: a long poll. The first answers at once (the client's connect); later ones are held until
   * there is something to send or pollMs passes. A closed connection's last messages (its close
   * message, a handshake error) still go out; after them the poll answers 204.
   */
  poll(token: string, response: ServerResponse): void {
    const connection = this.#connections.get(token);
    if (!connection) return void response.writeHead(404).end("No Connection with that ID");
    connection.transport = "LongPolling";
    connection.lastSeen = Date.now();
    if (!connection.pollStarted && !connection.closed) {
      connection.pollStarted = true;
      return void response.writeHead(200, { "content-type": "text/plain" }).end();
    }
    // One poll at a time: one still held (its client gave up on it) is answered empty first.
    if (connection.held) this.#release(connection, "");
    if (connection.outbox.length > 0 || connection.closed) return void this.#deliver(connection, response);
    const timer = setTimeout(() => this.#release(connection, ""), this.#options.pollMs);
    connection.held = { response, timer };
    response.on("close", () => {
      if (connection.held?.response === response) {
        clearTimeout(timer);
        connection.held = undefined;
      }
    });
  }

  /** POST: messages from a long-polling client. */
  receive(token: string, body: string, response: ServerResponse): void {
    const connection = this.#connections.get(token);
    if (!connection || connection.closed) return void response.writeHead(404).end("No Connection with that ID");
    connection.lastSeen = Date.now();
    this.#handle(connection, body);
    response.writeHead(200).end();
  }

  /** DELETE: the long-polling client stops. */
  end(token: string, response: ServerResponse): void {
    const connection = this.#connections.get(token);
    if (!connection) return void response.writeHead(404).end();
    this.#close(connection);
    // The client has stopped: nothing more will be polled for.
    this.#connections.delete(token);
    response.writeHead(202).end();
  }

  /** A WebSocket for a negotiated connection. */
  attach(token: string, socket: WebSocket): void {
    const connection = this.#connections.get(token);
    if (!connection || connection.closed) return void socket.close(1008, "No Connection with that ID");
    connection.transport = "WebSockets";
    connection.socket = socket;
    socket.on("message", (data) => this.#handle(connection, data.toString()));
    socket.on("close", () => {
      this.#close(connection);
      this.#connections.delete(token);
    });
  }

  /** Sends every connection a close message, then ends it (SPEC section 4: with allowReconnect, the client reconnects). */
  closeAll(allowReconnect: boolean): void {
    for (const connection of this.#connections.values()) {
      if (connection.closed) continue;
      this.#send(connection, { type: MessageType.Close, error: "The agent is restarting.", allowReconnect });
      this.#close(connection);
    }
  }

  stop(): void {
    clearInterval(this.#sweeper);
    for (const connection of this.#connections.values()) {
      this.#close(connection);
      if (connection.held) this.#release(connection, "");
    }
    this.#connections.clear();
  }

  /**
   * Forgets connections nobody uses: negotiated but never connected, long-polling clients that
   * stopped polling without saying so, and closed ones whose last poll never came.
   */
  #sweep(now = Date.now()): void {
    for (const [token, connection] of this.#connections) {
      if (connection.socket || connection.held) continue;
      const idleFor = now - Math.max(connection.lastSeen, connection.closedAt ?? 0);
      if (idleFor < SWEEP_AFTER_MS) continue;
      this.#close(connection);
      this.#connections.delete(token);
    }
  }

  /** Answers the held poll with `body` ("" when there is nothing: the client polls again). */
  #release(connection: Connection, body: string): void {
    const held = connection.held;
    if (!held) return;
    clearTimeout(held.timer);
    connection.held = undefined;
    if (!held.response.destroyed && !held.response.writableEnded) held.response.writeHead(200, { "content-type": "text/plain" }).end(body);
  }

  /** Answers a poll with everything queued, in order; a closed connection with nothing left gets 204. */
  #deliver(connection: Connection, response: ServerResponse): void {
    if (response.destroyed || response.writableEnded) return;
    if (connection.outbox.length === 0 && connection.closed) {
      this.#connections.delete(connection.token);
      return void response.writeHead(204).end();
    }
    response.writeHead(200, { "content-type": "text/plain" }).end(connection.outbox.splice(0).join(""));
  }

  #send(connection: Connection, message: HubMessage | Record<string, unknown>): void {
    const text = frame(message);
    if (connection.socket) {
      connection.socket.send(text);
      return;
    }
    connection.outbox.push(text);
    const held = connection.held;
    if (held) {
      clearTimeout(held.timer);
      connection.held = undefined;
      this.#deliver(connection, held.response);
    }
  }

  #close(connection: Connection): void {
    if (connection.closed) return;
    connection.closed = true;
    connection.closedAt = Date.now();
    clearInterval(connection.pingTimer);
    for (const timer of connection.timers) clearTimeout(timer);
    connection.socket?.close();
    // A held long poll delivers what is left (the close message); the next one gets 204.
    const held = connection.held;
    if (held) {
      clearTimeout(held.timer);
      connection.held = undefined;
      this.#deliver(connection, held.response);
    }
  }

  #handle(connection: Connection, payload: string): void {
    let parts: string[];
    try {
      parts = records(payload);
    } catch {
      this.#send(connection, { type: MessageType.Close, error: "Connection closed with an error: the message was incomplete." });
      this.#close(connection);
      return;
    }
    for (const part of parts) {
      if (!connection.handshaken) {
        this.#handshake(connection, part);
        continue;
      }
      let message: HubMessage;
      try {
        message = JSON.parse(part) as HubMessage;
      } catch {
        this.#send(connection, { type: MessageType.Close, error: "Connection closed with an error: a message was not valid JSON." });
        this.#close(connection);
        return;
      }
      this.#message(connection, message);
    }
  }

  #handshake(connection: Connection, part: string): void {
    let request: { protocol?: string; version?: number };
    try {
      request = JSON.parse(part) as { protocol?: string; version?: number };
    } catch {
      request = {};
    }
    const error = this.rejectHandshake
      ? "The agent refused the connection."
      : request.protocol !== "json" || request.version !== 1
        ? `The protocol '${request.protocol} ${request.version}' is not supported.`
        : undefined;
    if (error) {
      this.#send(connection, { error });
      this.#close(connection);
      return;
    }
    connection.handshaken = true;
    this.#send(connection, {});
    connection.pingTimer = setInterval(() => this.#send(connection, { type: MessageType.Ping }), this.#options.pingMs);
  }

  #message(connection: Connection, message: HubMessage): void {
    switch (message.type) {
      case MessageType.Invocation:
        this.#invoke(connection, message);
        break;
      case MessageType.StreamInvocation:
        this.#send(connection, {
          type: MessageType.Completion,
          invocationId: message.invocationId,
          error: "Streaming is not supported by the agent.",
        });
        break;
      case MessageType.Close:
        this.#close(connection);
        break;
      default:
      // Pings, cancellations and stream items need no answer.
    }
  }

  #invoke(connection: Connection, message: Extract<HubMessage, { type: 1 }>): void {
    const reply = (answer: { result?: unknown; error?: string }) => {
      if (message.invocationId !== undefined)
        this.#send(connection, { type: MessageType.Completion, invocationId: message.invocationId, ...answer });
    };
    if (message.target !== HUB_METHODS.send) {
      reply({ error: "NO_MESSAGE_HANDLER_FOUND" });
      return;
    }
    const request = message.arguments[0] as { type?: unknown; payload?: unknown } | undefined;
    if (typeof request?.type !== "string") {
      reply({ error: "BAD_MESSAGE_FORMAT" });
      return;
    }
    if (!isKnownMessageType(request.type)) {
      reply({ error: "MESSAGE_NOT_FOUND" });
      return;
    }
    const outcome = runScenario(request.type, request.payload, this.#options.agentInfo);
    reply(outcome.error ? { error: outcome.error } : { result: outcome.result });
    (outcome.events ?? []).forEach((event, index) => {
      const timer = setTimeout(
        () => {
          connection.timers.delete(timer);
          if (!connection.closed) this.#send(connection, { type: MessageType.Invocation, target: HUB_METHODS.event, arguments: [event] });
        },
        this.#options.stepMs * (index + 1),
      );
      connection.timers.add(timer);
    });
  }
}

export function readBody(request: IncomingMessage, limit = 64 * 1024): Promise<string> {
  return new Promise((resolve, reject) => {
    let body = "";
    request.setEncoding("utf8");
    request.on("data", (chunk: string) => {
      body += chunk;
      if (body.length > limit) {
        reject(new Error("body too large"));
        request.destroy();
      }
    });
    request.on("end", () => resolve(body));
    request.on("error", reject);
  });
}
