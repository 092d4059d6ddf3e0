import type { FastifyInstance, FastifyRequest } from "fastify";
import { AppError } from "../base/errors.ts";

/** Whether the client address (as TRUST_PROXY lets Fastify see it) is this machine. */
function isLoopback(ip: string): boolean {
  return ip === "::1" || ip.startsWith("127.") || ip.startsWith("::ffff:127.");
}

/**
 * Registers development routes that answer only requests from this machine. They live in a scope
 * of their own whose hook runs for exactly the routes the router matched there, so no spelling of
 * the URL (percent-encoding, case, doubled slashes) can reach a route while stepping around the
 * check: the router, not a string comparison, decides what the request is for.
 */
export async function registerLocalOnly(
  app: FastifyInstance,
  routes: (scope: FastifyInstance) => void | Promise<void>,
  options: { prefix?: string } = {},
): Promise<void> {
  await app.register(async (scope) => {
    scope.addHook("onRequest", async (request: FastifyRequest) => {
      if (!isLoopback(request.ip)) throw new AppError("NOT_FOUND");
    });
    await routes(scope);
  }, options);
}

/**
 * A request path reduced to what any server or browser might take it to mean: percent-decoding
 * undone (repeatedly), backslashes as slashes, slashes collapsed, dot segments resolved, trailing
 * dots and slashes dropped, lower case. Used to refuse whole families of addresses (/dev/, /api/)
 * in the catch-all page handler, where no route was matched.
 */
export function normalisedPath(url: string): string {
  let path = url.split(/[?#]/, 1)[0] ?? "/";
  for (let round = 0; round < 4; round++) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(path);
    } catch {
      decoded = path.replace(/%([0-9a-f]{2})/gi, (_match, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
    }
    if (decoded === path) break;
    path = decoded;
  }
  // Browsers drop tabs, newlines and other control characters from addresses; so does this.
  path = [...path]
    .filter((char) => char > " " && char !== "\u007f")
    .join("")
    .replace(/\\/g, "/")
    .replace(/\/{2,}/g, "/");
  let resolved: string;
  try {
    resolved = new URL(path.startsWith("/") ? path : `/${path}`, "http://normalise.invalid").pathname;
  } catch {
    resolved = path;
  }
  const segments = decodeURIComponentSafe(resolved)
    .split("/")
    .map((segment) => segment.replace(/[.\s]+$/, ""));
  return (
    segments
      .join("/")
      .replace(/\/{2,}/g, "/")
      .replace(/\/+$/, "") || "/"
  ).toLowerCase();
}

function decodeURIComponentSafe(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
