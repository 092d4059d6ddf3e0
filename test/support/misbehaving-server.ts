import { createServer, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A real HTTP server that answers every request the way a test asks: an error status, an empty
 * 200, never, or by dropping the connection. The client meets these exactly as it would meet a
 * failing server in the field; nothing in the client is stubbed.
 */
export type Misbehaviour = { status: number; statusText?: string; body?: string } | "empty" | "hang" | "drop";

export class MisbehavingServer {
  behaviour: Misbehaviour = "empty";
  readonly #server: Server;
  readonly #hanging = new Set<ServerResponse>();
  url = "";

  constructor() {
    this.#server = createServer((request, response) => {
      request.resume();
      const behaviour = this.behaviour;
      if (behaviour === "hang") {
        this.#hanging.add(response);
        return;
      }
      if (behaviour === "drop") {
        request.socket.destroy();
        return;
      }
      if (behaviour === "empty") {
        response.writeHead(200).end();
        return;
      }
      response.writeHead(behaviour.status, behaviour.statusText, { "content-type": "application/json" }).end(behaviour.body ?? "{}");
    });
  }

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.#server.listen(0, "127.0.0.1", resolve));
    this.url = `http://127.0.0.1:${(this.#server.address() as AddressInfo).port}`;
    return this;
  }

  close(): Promise<void> {
    for (const response of this.#hanging) response.destroy();
    this.#server.closeAllConnections();
    return new Promise((resolve) => this.#server.close(() => resolve()));
  }
}
