import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { API, type ApiAnswer, type ApiBody, type ApiRoute } from "../../common/api/contract.ts";
import { parseJsonBody } from "./validation.ts";

type Handler<Route extends ApiRoute> = (body: ApiBody<Route>, request: FastifyRequest, reply: FastifyReply) => Promise<ApiAnswer<Route>>;

/**
 * Registers one endpoint of the contract (common/api/contract.ts): its method and path, its body
 * validated against the contract's schema (a readable 400 otherwise), and a handler whose answer
 * must have the contract's type.
 */
export function contractRoute<Route extends ApiRoute>(app: FastifyInstance, route: Route, handler: Handler<Route>): void {
  const [method, url] = route.split(" ") as ["GET" | "POST", string];
  const schema = API[route].body;
  app.route({
    method,
    url,
    handler: (request, reply) => handler((schema ? parseJsonBody(request, schema) : undefined) as ApiBody<Route>, request, reply),
  });
}
