import { LANGUAGE_HEADER } from "../../common/languages.ts";
import { addressNamesLanguage, LANGUAGE } from "../platform/language.ts";

/** Whether a call to `url` carries the page's language: to our own server, from a page whose address names it. */
function sayLanguage(url: URL): boolean {
  const page = (globalThis as { location?: { origin: string; search: string } }).location;
  return url.origin === page?.origin && addressNamesLanguage(page.search);
}
/**
 * The one HTTP layer of the web app: same origin by default, credentials sent, JSON (or, for the
 * earlier account area, form-encoded) bodies. Every failure is an HttpError: the server's stable
 * code and customer-readable message for an answer it gave, or the layer's own words for a call
 * that got no answer ("Network Error", "Request aborted", "timeout of {n}ms exceeded",
 * "Unsupported protocol", SPEC sections 5 and 8).
 */
export class HttpError extends Error {
  readonly status: number;
  readonly statusText: string;
  readonly code: string;
  /** The list of messages some answers carry (a refused password: one per broken rule). */
  readonly messages: string[];
  /** The answer's body, when there was one. */
  readonly data: unknown;
  constructor(
    status: number,
    code: string,
    message: string,
    { messages = [], statusText = "", data }: { messages?: string[]; statusText?: string; data?: unknown } = {},
  ) {
    super(message);
    this.status = status;
    this.statusText = statusText;
    this.code = code;
    this.messages = messages;
    this.data = data;
  }

  /** The server's own words for the customer, when it gave any (4xx); otherwise undefined. */
  get customerMessage(): string | undefined {
    return this.status >= 400 && this.status < 500 ? this.message : undefined;
  }
}

/** What to show for a failed call: the server's message for a 4xx, the fallback for anything else. */
export function messageFor(error: unknown, fallback: string): string {
  return (error instanceof HttpError && error.customerMessage) || fallback;
}

export interface RequestOptions {
  /** Where relative paths resolve: the page's own origin unless given (programs and tests give it). */
  baseUrl?: string;
  /** Gives up after this long with "timeout of {n}ms exceeded". */
  timeoutMs?: number;
  /** Aborting it ends the call with "Request aborted". */
  signal?: AbortSignal;
  /** Send the body form-encoded (the earlier account area's forms) instead of as JSON. */
  form?: boolean;
  headers?: Record<string, string>;
}

export interface HttpAnswer<T> {
  status: number;
  statusText: string;
  data: T;
}

function encode(body: unknown, form: boolean): string {
  if (!form) return JSON.stringify(body ?? {});
  const fields = Object.entries((body ?? {}) as Record<string, unknown>).filter(([, value]) => value !== undefined && value !== null);
  return new URLSearchParams(fields.map(([key, value]): [string, string] => [key, String(value)])).toString();
}

/** One call; resolves with the answer when it is a 2xx, rejects with an HttpError otherwise. */
export async function send<T>(method: "GET" | "POST", path: string, body?: unknown, options: RequestOptions = {}): Promise<HttpAnswer<T>> {
  let url: URL;
  try {
    // In a page, the page's own origin; elsewhere (tests, scripts) baseUrl must be given.
    url = new URL(path, options.baseUrl ?? (globalThis as { location?: { origin: string } }).location?.origin);
  } catch {
    throw new HttpError(0, "ERR_INVALID_URL", "Invalid URL");
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") throw new HttpError(0, "ERR_BAD_REQUEST", "Unsupported protocol");

  const controller = new AbortController();
  let timedOut = false;
  const timer = options.timeoutMs
    ? setTimeout(() => {
        timedOut = true;
        controller.abort();
      }, options.timeoutMs)
    : undefined;
  const abort = () => controller.abort();
  options.signal?.addEventListener("abort", abort);
  const failure = () => {
    if (timedOut) return new HttpError(0, "ECONNABORTED", `timeout of ${options.timeoutMs}ms exceeded`);
    if (options.signal?.aborted) return new HttpError(0, "ECONNABORTED", "Request aborted");
    return new HttpError(0, "ERR_NETWORK", "Network Error");
  };
  try {
    if (options.signal?.aborted) throw failure();
    const contentType = options.form ? "application/x-www-form-urlencoded" : "application/json";
    let response: Response;
    let text: string;
    try {
      response = await fetch(url, {
        method,
        credentials: "include",
        signal: controller.signal,
        // Every POST carries a body, even an empty one, so the server reads every call the same way.
        headers: {
          accept: "application/json",
          // The page's language when its address names it (platform/language.ts), to our own
          // server only (another origin would need a preflight for it): messages of a refused
          // request, and any mail it sends, are in it.
          ...(sayLanguage(url) ? { [LANGUAGE_HEADER]: LANGUAGE } : {}),
          ...(method === "POST" ? { "content-type": contentType } : {}),
          ...options.headers,
        },
        ...(method === "POST" ? { body: encode(body, options.form ?? false) } : {}),
      });
      text = await response.text();
    } catch {
      throw failure();
    }
    let data: unknown;
    try {
      data = text === "" ? undefined : JSON.parse(text);
    } catch {
      data = undefined;
    }
    if (!response.ok) {
      const problem = (data ?? {}) as { code?: string; message?: string; messages?: unknown };
      const messages = Array.isArray(problem.messages) ? problem.messages.filter((item): item is string => typeof item === "string") : [];
      throw new HttpError(
        response.status,
        problem.code ?? "HTTP_ERROR",
        problem.message ?? `Request failed with status code ${response.status}`,
        {
          messages,
          statusText: response.statusText,
          data,
        },
      );
    }
    return { status: response.status, statusText: response.statusText, data: data as T };
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener("abort", abort);
  }
}

/** A JSON call on the page's own origin, answering the body. */
export async function requestJson<T>(method: "GET" | "POST", path: string, body?: unknown): Promise<T> {
  return (await send<T>(method, path, body)).data;
}
