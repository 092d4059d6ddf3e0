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
  waitingPoll?: ServerResponse;
  pollTimer?: NodeJS.Timeout;
  socket?: WebSocket;
  pingTimer?: NodeJS.Timeout;
  timers: Set<NodeJS.Timeout>;
}

export class Hub {
  readonly #connections = new Map<string, Connection>();
  readonly #options: HubOptions;
  /** Refuse every handshake (the error case of SPEC section 7), for tests. */
  rejectHandshake = false;

  constructor(options: HubOptions) {
    this.#options = options;
  }

  get connectionCount(): number {
    return [...this.#connections.values()].filter((connection) => !connection.closed).length;
  }

  negotiate(): object {
    const token = randomUUID();
    this.#connections.set(token, { token, handshaken: false, closed: false, outbox: [], pollStarted: false, timers: new Set() });
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

  /** GET: a long poll. The first answers at once (the client's connect); later ones wait for messages. */
  poll(token: string, response: ServerResponse): void {
    const connection = this.#connections.get(token);
    if (!connection) return void response.writeHead(404).end("No Connection with that ID");
    connection.transport = "LongPolling";
    if (connection.closed) {
      this.#connections.delete(token);
      return void response.writeHead(204).end();
    }
    if (!connection.pollStarted) {
      connection.pollStarted = true;
      return void response.writeHead(200, { "content-type": "text/plain" }).end();
    }
    if (connection.outbox.length > 0) return void this.#answerPoll(connection, response);
    connection.waitingPoll = response;
    connection.pollTimer = setTimeout(() => this.#answerPoll(connection, response), this.#options.pollMs);
    response.on("close", () => {
      if (connection.waitingPoll === response) connection.waitingPoll = undefined;
    });
  }

  /** POST: messages from a long-polling client. */
  receive(token: string, body: string, response: ServerResponse): void {
    const connection = this.#connections.get(token);
    if (!connection || connection.closed) return void response.writeHead(404).end("No Connection with that ID");
    this.#handle(connection, body);
    response.writeHead(200).end();
  }

  /** DELETE: the long-polling client stops. */
  end(token: string, response: ServerResponse): void {
    const connection = this.#connections.get(token);
    if (!connection) return void response.writeHead(404).end();
    this.#close(connection);
    response.writeHead(202).end();
  }

  /** A WebSocket for a negotiated connection. */
  attach(token: string, socket: WebSocket): void {
    const connection = this.#connections.get(token);
    if (!connection || connection.closed) return void socket.close(1008, "No Connection with that ID");
    connection.transport = "WebSockets";
    connection.socket = socket;
    socket.on("message", (data) => this.#handle(connection, data.toString()));
    socket.on("close", () => this.#close(connection));
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
    for (const connection of this.#connections.values()) {
      this.#close(connection);
      connection.waitingPoll?.writeHead(204).end();
    }
  }

  #answerPoll(connection: Connection, response: ServerResponse): void {
    clearTimeout(connection.pollTimer);
    connection.waitingPoll = undefined;
    if (response.writableEnded) return;
    if (connection.closed && connection.outbox.length === 0) {
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
    if (connection.waitingPoll) this.#answerPoll(connection, connection.waitingPoll);
  }

  #close(connection: Connection): void {
    if (connection.closed) return;
    connection.closed = true;
    clearInterval(connection.pingTimer);
    for (const timer of connection.timers) clearTimeout(timer);
    connection.socket?.close();
    // A waiting long poll delivers what is left (the close message), the next one gets 204.
    if (connection.waitingPoll) this.#answerPoll(connection, connection.waitingPoll);
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
      this.#message(connection, JSON.parse(part) as HubMessage);
    }
  }

  #handshake(connection: Connection, part: string): void {
    const request = JSON.parse(part) as { protocol?: string; version?: number };
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
