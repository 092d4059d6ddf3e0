import {
  CHALLENGE_FAILED,
  CHALLENGE_PROOF_HEADER,
  CHALLENGE_REQUIRED,
  CHALLENGE_UNAVAILABLE,
  type ChallengeAsked,
} from "../../common/challenge.ts";
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

  /**
   * The server's own words for the customer, when it gave any (4xx, or a human check that could
   * not be run, whose words offer another way in); otherwise undefined.
   */
  get customerMessage(): string | undefined {
    const forCustomer =
      (this.status >= 400 && this.status < 500) || this.code === CHALLENGE_UNAVAILABLE || this.code === CHALLENGE_CANCELLED;
    return forCustomer ? this.message : undefined;
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
  /**
   * A refusal asking for a human check ends the call, with no check shown: for a request made as
   * a screen opens (the passkey autofill's), which must never put a dialog in front of it.
   */
  withoutChallenge?: boolean;
}

/** The customer closed the human check: the call ends, and the form says so in a word. */
export const CHALLENGE_CANCELLED = "CHALLENGE_CANCELLED";

/**
 * How many proofs one call may send: one for the first refusal, one more when a proof did not hold
 * (stale, or made before the pressure grew: the server gave a fresh challenge), and a bound beyond
 * them, so that no answer can keep a call proving for ever.
 */
const MOST_PROOFS = 3;

/** The challenge a refusal asks to be proved, when it asks for one (common/challenge.ts). */
function challengeAsked(error: unknown): ChallengeAsked | undefined {
  if (!(error instanceof HttpError) || (error.code !== CHALLENGE_REQUIRED && error.code !== CHALLENGE_FAILED)) return undefined;
  return (error.data as { challenge?: ChallengeAsked } | undefined)?.challenge;
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

/**
 * One call; resolves with the answer when it is a 2xx, rejects with an HttpError otherwise. A
 * refusal asking for a human check (decision 93) is answered here, for every call alike: the check
 * is shown (its code loads only then), and the same request is sent again with its proof. A proof
 * refused twice ends the call with the second refusal.
 */
export async function send<T>(method: "GET" | "POST", path: string, body?: unknown, options: RequestOptions = {}): Promise<HttpAnswer<T>> {
  let refusedProofs = 0;
  let proof: string | undefined;
  for (let proofs = 0; ; proofs++) {
    try {
      return await sendOnce<T>(
        method,
        path,
        body,
        proof ? { ...options, headers: { ...options.headers, [CHALLENGE_PROOF_HEADER]: proof } } : options,
      );
    } catch (error) {
      const asked = challengeAsked(error);
      if (!asked || !loadProver || options.withoutChallenge || proofs >= MOST_PROOFS) throw error;
      if ((error as HttpError).code === CHALLENGE_FAILED && ++refusedProofs > 1) throw error;
      proof = await proveHuman(loadProver, asked, options.signal);
    }
  }
}

/** Proves a person is behind a request asked for a human check, answering the proof. */
export type ProveHuman = (asked: ChallengeAsked, signal?: AbortSignal) => Promise<string>;

let loadProver: (() => Promise<ProveHuman>) | undefined;

/**
 * How this page proves a person is there: the browser's app gives its dialog, loaded only when a
 * request is first asked for a check (web/main.tsx). Without one (a program, a test in Node, which
 * have no person to ask), a refusal asking for a check ends the call like any other. Given, not
 * imported here: this layer is also compiled for Node, where the dialog's DOM code does not belong.
 */
export function answerChallengesWith(load: () => Promise<ProveHuman>): void {
  loadProver = load;
}

async function proveHuman(load: () => Promise<ProveHuman>, asked: ChallengeAsked, signal: AbortSignal | undefined): Promise<string> {
  let prove: ProveHuman;
  try {
    prove = await load();
  } catch {
    // The check's code did not arrive: as good as no answer.
    throw new HttpError(0, "ERR_NETWORK", "Network Error");
  }
  return prove(asked, signal);
}

async function sendOnce<T>(method: "GET" | "POST", path: string, body: unknown, options: RequestOptions): Promise<HttpAnswer<T>> {
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
export async function requestJson<T>(method: "GET" | "POST", path: string, body?: unknown, options?: RequestOptions): Promise<T> {
  return (await send<T>(method, path, body, options)).data;
}
