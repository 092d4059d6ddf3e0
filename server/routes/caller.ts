import type { FastifyReply, FastifyRequest } from "fastify";
import type { Caller } from "../auth/kernel/caller.ts";
import { canonicalAddress } from "../auth/kernel/client-address.ts";
import { describeUserAgent } from "../auth/kernel/user-agent.ts";
import { requestChosenLanguage, requestLanguage, requestStatedLanguage } from "./language.ts";

/**
 * The client's address as rate limits and logs see it. With TRUST_PROXY the address comes from
 * X-Forwarded-For, which a client can fill with anything: a value that is not an IP address is
 * not believed, and the address of the connection (the proxy) stands in for it, so garbage neither
 * reaches the database nor gets a bucket of its own per spelling.
 */
export function clientAddress(request: FastifyRequest): string {
  return canonicalAddress(request.ip) ?? canonicalAddress(request.socket?.remoteAddress) ?? "unknown";
}

const callers = new WeakMap<FastifyRequest, Caller>();

/** The request as the sign-in flows see it (auth/kernel/caller.ts): one per request, writing to its reply. */
export function callerOf(request: FastifyRequest, reply: FastifyReply): Caller {
  let caller = callers.get(request);
  if (!caller) {
    caller = {
      address: clientAddress(request),
      device: describeUserAgent(request.headers["user-agent"]),
      language: requestLanguage(request),
      languageStated: requestStatedLanguage(request) !== undefined,
      languageChosen: requestChosenLanguage(request) !== undefined,
      cookie: (name) => request.cookies[name],
      setCookie: (name, value, attributes) => void reply.setCookie(name, value, attributes),
      clearCookie: (name, attributes) => void reply.clearCookie(name, attributes),
      noStore: () => void reply.header("cache-control", "no-store"),
    };
    callers.set(request, caller);
  }
  return caller;
}

/** The caller a request already made, if a flow has seen it (what the funnel's step reads). */
export function existingCaller(request: FastifyRequest): Caller | undefined {
  return callers.get(request);
}
