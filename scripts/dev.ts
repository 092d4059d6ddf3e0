import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import { join } from "node:path";
import { Readable } from "node:stream";
import { createServer, type Plugin, type ViteDevServer } from "vite";
import { CLIENT_CONFIG_ELEMENT_ID } from "../common/client-config.ts";

/**
 * `npm run dev`: the web app from Vite's dev server, with hot reload, in front of a real account
 * server. The browser talks to Vite only (DEV_PORT, default 5173); Vite serves the app's sources
 * and passes every other request to the account server (DEV_SERVER_PORT, default 3001), whose
 * PUBLIC_URL is Vite's address, so mail links, redirects and the cross-site check all name the
 * address the browser uses. The account server decides what is an app page: when it answers with
 * the app's page, Vite's own page is sent instead, with the server's client settings in it.
 * For developers only; `npm start` serves the production build.
 */
const ROOT = join(import.meta.dirname, "..");
const WEB = join(ROOT, "web");
const devPort = Number(process.env.DEV_PORT ?? 5173);
const serverPort = Number(process.env.DEV_SERVER_PORT ?? 3001);
const publicUrl = `http://localhost:${devPort}`;
const accountUrl = `http://127.0.0.1:${serverPort}`;

const account: ChildProcess = spawn(process.execPath, [join(ROOT, "server", "main.ts")], {
  cwd: ROOT,
  stdio: "inherit",
  env: { NODE_ENV: "development", ...process.env, PORT: String(serverPort), HOST: "127.0.0.1", PUBLIC_URL: publicUrl },
});
// The account server never outlives this process, however it ends.
process.once("exit", () => account.kill("SIGTERM"));
account.once("exit", (code) => {
  console.error(`The account server stopped (exit code ${code}).`);
  process.exit(code ?? 1);
});

/** Requests Vite answers itself: its client, modules, and files under web/ (sources and public/). */
function isViteRequest(url: string): boolean {
  const path = decodeURIComponent(url.split("?")[0] ?? "/");
  if (path.startsWith("/@") || path.startsWith("/node_modules/") || path.startsWith("/__")) return true;
  if (path === "/" || path.includes("..")) return false;
  return existsSync(join(WEB, path)) || existsSync(join(WEB, "public", path));
}

const HOP_BY_HOP = new Set(["connection", "keep-alive", "transfer-encoding", "content-encoding", "content-length", "set-cookie"]);

async function passToAccountServer(vite: ViteDevServer, request: IncomingMessage, response: ServerResponse): Promise<void> {
  const url = request.url ?? "/";
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined || name === "host" || name === "connection") continue;
    headers.set(name, Array.isArray(value) ? value.join(", ") : value);
  }
  const hasBody = request.method !== "GET" && request.method !== "HEAD";
  const answer = await fetch(`${accountUrl}${url}`, {
    method: request.method ?? "GET",
    headers,
    redirect: "manual",
    ...(hasBody ? { body: Readable.toWeb(request) as ReadableStream, duplex: "half" } : {}),
  });
  const type = answer.headers.get("content-type") ?? "";
  if (type.startsWith("text/html")) {
    const html = await answer.text();
    const settings = html.match(new RegExp(`<script id="${CLIENT_CONFIG_ELEMENT_ID}"[^>]*>[\\s\\S]*?</script>`))?.[0];
    if (settings) {
      // The app's page: Vite's, with hot reload, carrying the server's settings.
      const template = readFileSync(join(WEB, "index.html"), "utf8").replace("<!--app-config-->", settings);
      response.statusCode = answer.status;
      response.setHeader("content-type", "text/html; charset=utf-8");
      response.setHeader("cache-control", "no-store");
      response.end(await vite.transformIndexHtml(url, template));
      return;
    }
    copyHeaders(answer, response);
    response.end(html);
    return;
  }
  copyHeaders(answer, response);
  response.end(Buffer.from(await answer.arrayBuffer()));
}

/** The answer's status and headers, less those fetch has already acted on (it decompressed the body). */
function copyHeaders(answer: Response, response: ServerResponse): void {
  response.statusCode = answer.status;
  answer.headers.forEach((value, name) => {
    if (!HOP_BY_HOP.has(name)) response.setHeader(name, value);
  });
  const cookies = answer.headers.getSetCookie();
  if (cookies.length > 0) response.setHeader("set-cookie", cookies);
}

function accountServerBehindVite(): Plugin {
  return {
    name: "account-server-behind-vite",
    configureServer(vite) {
      vite.middlewares.use((request, response, next) => {
        if (isViteRequest(request.url ?? "/")) return next();
        passToAccountServer(vite, request, response).catch((error: unknown) => {
          response.statusCode = 502;
          response.end(`The account server did not answer: ${error instanceof Error ? error.message : String(error)}`);
        });
      });
    },
  };
}

const vite = await createServer({
  configFile: join(ROOT, "vite.config.ts"),
  mode: "development",
  server: { port: devPort, strictPort: true, host: "localhost" },
  plugins: [accountServerBehindVite()],
});
await vite.listen();
console.log(`\nDevelopment: open ${publicUrl}/dsone/login (hot reload; the account server runs behind it on ${accountUrl}).\n`);

const stop = async () => {
  await vite.close();
  account.kill("SIGTERM");
};
process.once("SIGINT", () => void stop());
process.once("SIGTERM", () => void stop());
