import { createServer, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { createRemoteJWKSet, type JWTPayload, jwtVerify } from "jose";

/**
 * An app's back-channel logout address, for tests: it records every logout token posted to it
 * (verified against the provider's published keys) and answers as the test says: 200, a status of
 * the test's choosing, or never (a hung app). It can go away and come back on the same port.
 */
export interface ReceivedLogoutToken {
  raw: string;
  header: { typ?: string | undefined; alg?: string | undefined; kid?: string | undefined };
  payload: JWTPayload & { sid?: string; events?: Record<string, unknown> };
}

export type ReceiverAnswer = number | "hang";

export class LogoutReceiver {
  readonly received: ReceivedLogoutToken[] = [];
  /** Every request that reached it, answered or not. */
  attempts = 0;
  /** What the next requests get, one each, before `answer`. */
  readonly next: ReceiverAnswer[] = [];
  answer: ReceiverAnswer = 200;
  #server: Server | undefined;
  #port = 0;
  readonly #hung = new Set<ServerResponse>();
  readonly #keys: ReturnType<typeof createRemoteJWKSet>;
  readonly #issuer: string;
  readonly #audience: string;

  constructor(issuer: string, audience: string) {
    this.#issuer = issuer;
    this.#audience = audience;
    this.#keys = createRemoteJWKSet(new URL(`${issuer}/.well-known/openid-configuration/jwks`));
  }

  /** Requests held unanswered right now (answer "hang"). */
  get hanging(): number {
    return this.#hung.size;
  }

  get url(): string {
    return `http://127.0.0.1:${this.#port}/backchannel-logout`;
  }

  async start(port = 0): Promise<void> {
    const server = createServer((request, response) => {
      this.attempts++;
      let body = "";
      request.on("data", (chunk: Buffer) => {
        body += chunk.toString();
      });
      request.on("end", () => {
        const answer = this.next.shift() ?? this.answer;
        if (answer === "hang") {
          this.#hung.add(response);
          return;
        }
        if (answer !== 200) {
          response.writeHead(answer).end();
          return;
        }
        const token = new URLSearchParams(body).get("logout_token") ?? "";
        jwtVerify(token, this.#keys, { issuer: this.#issuer, audience: this.#audience }).then(
          ({ payload, protectedHeader }) => {
            this.received.push({ raw: token, header: protectedHeader, payload });
            response.writeHead(200).end();
          },
          () => response.writeHead(400).end(),
        );
      });
    });
    await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
    this.#server = server;
    this.#port = (server.address() as AddressInfo).port;
  }

  /** Goes away: the port refuses connections until `start(port)` again. */
  async stop(): Promise<number> {
    for (const response of this.#hung) response.destroy();
    this.#hung.clear();
    const server = this.#server;
    this.#server = undefined;
    if (server) {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
    return this.#port;
  }
}

/** Waits for `condition`, up to `ms`; answers whether it came. */
export async function eventually(condition: () => boolean | Promise<boolean>, ms = 5_000): Promise<boolean> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (await condition()) return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return condition();
}
