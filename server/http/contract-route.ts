import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { API, type ApiAnswer, type ApiBody, type ApiRoute } from "../../common/api/contract.ts";
import { parseFormBody, parseJsonBody } from "./validation.ts";

type Handler<Route extends ApiRoute> = (body: ApiBody<Route>, request: FastifyRequest, reply: FastifyReply) => Promise<ApiAnswer<Route>>;

/**
 * Registers one endpoint of the contract (common/api/contract.ts): its method and path, its body
 * validated against the contract's schema (as JSON, or as a form where the contract says so; a
 * readable 400 otherwise), and a handler whose answer
 * must have the contract's type.
 */
export function contractRoute<Route extends ApiRoute>(app: FastifyInstance, route: Route, handler: Handler<Route>): void {
  const [method, url] = route.split(" ") as ["GET" | "POST", string];
  const { body: schema, form } = API[route];
  const parse = form ? parseFormBody : parseJsonBody;
  app.route({
    method,
    url,
    handler: (request, reply) => handler((schema ? parse(request, schema) : undefined) as ApiBody<Route>, request, reply),
  });
}
