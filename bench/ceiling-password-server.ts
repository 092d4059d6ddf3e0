import { createServer } from "node:http";
import { verify } from "@node-rs/argon2";

/**
 * An HTTP server that does nothing for a password sign-in but verify the password (argon2id, on
 * libuv's thread pool as the account server does), for bench/ceilings.ts: the most of the floor a
 * sign-in over HTTP can keep.
 */
const stored = process.env.PASSWORD_HASH as string;
const password = process.env.PASSWORD as string;
createServer(async (request, response) => {
  for await (const _chunk of request);
  const isOk = await verify(stored, password);
  response.setHeader("content-type", "application/json");
  response.end(JSON.stringify({ isOk }));
}).listen(Number(process.env.PORT), "127.0.0.1", () => console.log("listening"));
