import { Negotiator } from "@fastify/accept-negotiator";
import fastifyCompress from "@fastify/compress";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { Precompressed } from "./precompressed.ts";

/**
 * Compression (decision 42). The web app's files are compressed once, at build time
 * (scripts/precompress.ts), and @fastify/static picks the .br or .gz beside each file; the app's
 * pages, rendered once per brand and language, are compressed once in the background; any other answer over
 * 1 KB (JSON, server-rendered pages) is compressed as it goes out by @fastify/compress. Brotli is
 * preferred where the browser takes it, then gzip. OpenID Provider answers are not compressed:
 * the provider writes them itself.
 */
type Encoding = "br" | "gzip";

const negotiator = new Negotiator<Encoding>({ supportedValues: ["br", "gzip"] });

/** The best encoding the request takes, or undefined for none. */
function acceptedEncoding(request: FastifyRequest): Encoding | undefined {
  const header = request.headers["accept-encoding"];
  return (typeof header === "string" && negotiator.negotiate(header)) || undefined;
}

/**
 * Sends a precompressed body in the encoding the request takes best. A body not yet compressed
 * (the first visit after its language's pages were made) is compressed off the event loop while
 * this request waits, so the others it serves meanwhile do not.
 */
export async function sendPrecompressed(request: FastifyRequest, reply: FastifyReply, body: Precompressed): Promise<FastifyReply> {
  const encoding = acceptedEncoding(request);
  const vary = reply.getHeader("vary");
  reply.header("vary", vary ? `${vary}, accept-encoding` : "accept-encoding");
  if (!encoding) return reply.send(body.identity);
  if (!body.ready) await body.warm();
  return reply.header("content-encoding", encoding).send(body[encoding]);
}

/** Compresses every other answer of 1 KB or more as it goes out. */
export async function compressAnswers(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, { global: true, threshold: 1024, encodings: ["br", "gzip"] });
}
