import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { precompressBuild } from "../scripts/precompress.ts";
import { startTestServer, type TestServer } from "./support/app.ts";

/** A small build: the page template, a script, its source map and an image that is binary already. */
function buildDir(): { dir: string; script: string } {
  const dir = mkdtempSync(join(tmpdir(), "account-compress-"));
  mkdirSync(join(dir, "assets"));
  writeFileSync(
    join(dir, "index.html"),
    '<!doctype html><html lang="en"><head><link rel="icon" href="/brand/dsone.svg"><!--app-config--></head><body></body></html>',
  );
  const script = `export const screens = ${JSON.stringify(Array.from({ length: 200 }, (_, i) => `screen number ${i}`))};\n`;
  writeFileSync(join(dir, "assets", "app-abc123.js"), script);
  writeFileSync(join(dir, "assets", "app-abc123.js.map"), '{"version":3,"mappings":""}');
  writeFileSync(join(dir, "assets", "photo.png"), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
  return { dir, script };
}

describe("compression", () => {
  let server: TestServer;
  let script: string;
  let dir: string;
  const METRICS_TOKEN = "metrics-token-for-compression-tests";

  beforeAll(async () => {
    ({ dir, script } = buildDir());
    precompressBuild(dir);
    server = await startTestServer("sqlite", { METRICS_TOKEN }, { webBuildDir: dir });
  });
  afterAll(async () => {
    await server?.stop();
  });

  const get = (url: string, acceptEncoding?: string, headers: Record<string, string> = {}) =>
    server.app.inject({
      method: "GET",
      url,
      headers: { ...(acceptEncoding === undefined ? {} : { "accept-encoding": acceptEncoding }), ...headers },
    });

  it("writes Brotli and gzip copies of text files at build time, none of the page template, maps or images", () => {
    expect(existsSync(join(dir, "assets", "app-abc123.js.br"))).toBe(true);
    expect(existsSync(join(dir, "assets", "app-abc123.js.gz"))).toBe(true);
    for (const skipped of ["index.html.br", "assets/app-abc123.js.map.br", "assets/photo.png.br", "assets/photo.png.gz"]) {
      expect(existsSync(join(dir, skipped)), skipped).toBe(false);
    }
  });

  it("serves a script's build-time copy by Accept-Encoding, Brotli first, and keeps its year-long cache", async () => {
    const brotli = await get("/assets/app-abc123.js", "gzip, deflate, br");
    expect(brotli.headers["content-encoding"]).toBe("br");
    expect(brotli.headers.vary).toContain("accept-encoding");
    expect(brotli.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(script);
    expect(brotli.rawPayload.length).toBeLessThan(script.length / 3);

    const gzip = await get("/assets/app-abc123.js", "gzip");
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(script);

    const plain = await get("/assets/app-abc123.js", "identity");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it("sends each screen's page compressed when the browser takes it, never cached", async () => {
    const plain = await get("/maverick/login", undefined);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body).toContain('data-brand="maverick"');

    const brotli = await get("/maverick/login", "br;q=1, gzip;q=0.5");
    expect(brotli.headers["content-encoding"]).toBe("br");
    expect(brotli.headers.vary).toContain("accept-encoding");
    expect(brotli.headers["cache-control"]).toBe("no-store");
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(plain.body);

    const gzip = await get("/dsone/login", "gzip");
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gzip.rawPayload).toString()).toContain('data-brand="dsone"');
  });

  it("compresses other answers of 1 KB or more as they go out, and leaves small ones alone", async () => {
    const metrics = await get("/metrics", "br", { authorization: `Bearer ${METRICS_TOKEN}` });
    expect(metrics.statusCode).toBe(200);
    expect(metrics.headers["content-encoding"]).toBe("br");
    expect(brotliDecompressSync(metrics.rawPayload).toString()).toContain("http_request_duration_seconds");

    const health = await get("/healthz", "br");
    expect(health.headers["content-encoding"]).toBeUndefined();
    expect(health.json()).toEqual({ ok: true });
  });
});
