import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { sendPrecompressed } from "../server/http/compression.ts";
import { precompress } from "../server/http/precompressed.ts";

/** The pages compressed ahead, in the background (server/http/precompressed.ts, site/spa.ts). */
describe("a page compressed ahead", () => {
  const page = `<!doctype html><html><body>${"<p>Sign in to DS One</p>".repeat(400)}</body></html>`;

  it("is made both ways off the request path, and a request then sends what was made", async () => {
    const text = precompress(page);
    expect(text.ready).toBe(false);
    await text.warm();
    expect(text.ready).toBe(true);
    expect(brotliDecompressSync(text.br).toString()).toBe(page);
    expect(gunzipSync(text.gzip).toString()).toBe(page);
    expect(text.br.length).toBeLessThan(page.length / 10);
  });

  it("keeps an encoding a request made while it was warming, and a request before it is warmed waits for it", async () => {
    const text = precompress(page);
    const madeByRequest = text.br;
    await text.warm();
    expect(text.br).toBe(madeByRequest);

    const cold = precompress(page);
    const sent: { headers: Record<string, string>; body?: Buffer } = { headers: {} };
    const reply = {
      getHeader: (name: string) => sent.headers[name],
      header(name: string, value: string) {
        sent.headers[name] = value;
        return reply;
      },
      send(body: Buffer) {
        sent.body = body;
        return reply;
      },
    };
    await sendPrecompressed({ headers: { "accept-encoding": "gzip, br" } } as never, reply as never, cold);
    expect(cold.ready).toBe(true);
    expect(sent.headers["content-encoding"]).toBe("br");
    expect(brotliDecompressSync(sent.body as Buffer).toString()).toBe(page);
  });
});
