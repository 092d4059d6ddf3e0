/**
 * The one HTTP layer of the web app: same origin, credentials sent, JSON both ways. Failures come
 * back as HttpError with the server's stable code and its customer-readable message.
 */
export class HttpError extends Error {
  readonly status: number;
  readonly code: string;
  /** The list of messages some answers carry (a refused password: one per broken rule). */
  readonly messages: string[];
  constructor(status: number, code: string, message: string, messages: string[] = []) {
    super(message);
    this.status = status;
    this.code = code;
    this.messages = messages;
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

export async function requestJson<T>(method: "GET" | "POST", path: string, body?: unknown): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      credentials: "include",
      // Every POST is JSON, even without a payload ({}), so the server reads every call the same way.
      headers: method === "GET" ? { accept: "application/json" } : { accept: "application/json", "content-type": "application/json" },
      ...(method === "GET" ? {} : { body: JSON.stringify(body ?? {}) }),
    });
  } catch {
    throw new HttpError(0, "NETWORK_ERROR", "Network Error");
  }
  const data: unknown = response.status === 204 ? undefined : await response.json().catch(() => undefined);
  if (!response.ok) {
    const problem = (data ?? {}) as { code?: string; message?: string; messages?: unknown };
    const messages = Array.isArray(problem.messages) ? problem.messages.filter((item): item is string => typeof item === "string") : [];
    throw new HttpError(
      response.status,
      problem.code ?? "HTTP_ERROR",
      problem.message ?? `Request failed with status code ${response.status}`,
      messages,
    );
  }
  return data as T;
}
