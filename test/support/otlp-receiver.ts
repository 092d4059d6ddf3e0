import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { gunzipSync } from "node:zlib";

export interface OtlpReceiver {
  /** The base address to give as OTEL_EXPORTER_OTLP_ENDPOINT. */
  url: string;
  /** Every request body received, by path (/v1/logs …), decompressed. */
  received: { path: string; body: string }[];
  waitFor(text: string, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

/**
 * A local stand-in for an OpenTelemetry collector's OTLP/HTTP receiver: it answers as a collector
 * does and keeps every payload, so a test can read exactly what left the server.
 */
export async function startOtlpReceiver(): Promise<OtlpReceiver> {
  const received: OtlpReceiver["received"] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const raw = Buffer.concat(chunks);
      const body = request.headers["content-encoding"] === "gzip" ? gunzipSync(raw) : raw;
      received.push({ path: request.url ?? "", body: body.toString("utf8") });
      response.writeHead(200, { "content-type": "application/json" }).end("{}");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    async waitFor(text, timeoutMs = 10_000) {
      for (let waited = 0; waited < timeoutMs; waited += 100) {
        if (received.some((entry) => entry.body.includes(text))) return;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      throw new Error(`the OTLP receiver got nothing containing "${text}" within ${timeoutMs} ms`);
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
