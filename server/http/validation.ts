import type { FastifyRequest } from "fastify";
import type { z } from "zod";
import { AppError } from "../base/errors.ts";

/** Reads a JSON body against a schema; the first problem becomes a 400 a person can read. */
export function parseJsonBody<T extends z.ZodType>(request: FastifyRequest, schema: T): z.infer<T> {
  if (!request.headers["content-type"]?.toLowerCase().startsWith("application/json")) {
    throw new AppError("UNSUPPORTED_MEDIA_TYPE");
  }
  return parseBody(request, schema);
}

/** Reads a form-encoded body (the earlier account area posts forms) against a schema. */
export function parseFormBody<T extends z.ZodType>(request: FastifyRequest, schema: T): z.infer<T> {
  if (!request.headers["content-type"]?.toLowerCase().startsWith("application/x-www-form-urlencoded")) {
    throw new AppError("UNSUPPORTED_MEDIA_TYPE", "Send this request as a form (Content-Type: application/x-www-form-urlencoded).");
  }
  return parseBody(request, schema);
}

function parseBody<T extends z.ZodType>(request: FastifyRequest, schema: T): z.infer<T> {
  const parsed = schema.safeParse(request.body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = issue?.path.join(".");
    throw new AppError("BAD_REQUEST", field ? `${field}: ${issue?.message}` : (issue?.message ?? "The request could not be read."));
  }
  return parsed.data;
}
