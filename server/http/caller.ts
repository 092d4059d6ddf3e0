import type { FastifyReply, FastifyRequest } from "fastify";
import { CHALLENGE_PROOF_HEADER } from "../../common/challenge.ts";
import { DEFAULT_LANGUAGE } from "../../common/languages.ts";
import type { Caller } from "../auth/kernel/caller.ts";
import { canonicalAddress } from "../base/client-address.ts";
import { noteChallenge } from "../telemetry/challenges.ts";
import { requestChosenLanguage, requestStatedLanguage } from "./language.ts";
import { describeUserAgent } from "./user-agent.ts";

/**
 * The client's address as rate limits and logs see it. With TRUST_PROXY the address comes from
 * X-Forwarded-For, which a client can fill with anything: a value that is not an IP address is
 * not believed, and the address of the connection (the proxy) stands in for it, so garbage neither
 * reaches the database nor gets a bucket of its own per spelling.
 */
export function clientAddress(request: FastifyRequest): string {
  return canonicalAddress(request.ip) ?? canonicalAddress(request.socket?.remoteAddress) ?? "unknown";
}

/**
 * The request as the sign-in flows see it (auth/kernel/caller.ts), writing to its reply. It holds
 * nothing of its own: two made for one request read and write the same request and reply.
 */
export function callerOf(request: FastifyRequest, reply: FastifyReply): Caller {
  const stated = requestStatedLanguage(request);
  return {
    address: clientAddress(request),
    device: describeUserAgent(request.headers["user-agent"]),
    language: stated ?? DEFAULT_LANGUAGE,
    languageStated: stated !== undefined,
    languageChosen: requestChosenLanguage(request) !== undefined,
    cookie: (name) => request.cookies[name],
    setCookie: (name, value, attributes) => void reply.setCookie(name, value, attributes),
    clearCookie: (name, attributes) => void reply.clearCookie(name, attributes),
    noStore: () => void reply.header("cache-control", "no-store"),
    challengeProof: challengeProofOf(request),
    challenged: (outcome) => noteChallenge(request, outcome),
  };
}

/** The proof of a human check a request carries (decision 93), when it is one header of sane length. */
function challengeProofOf(request: FastifyRequest): string | undefined {
  const proof = request.headers[CHALLENGE_PROOF_HEADER];
  return typeof proof === "string" && proof.length > 0 && proof.length <= 8192 ? proof : undefined;
}
