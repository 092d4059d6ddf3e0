/**
 * The one HTTP layer of the web app: same origin, credentials sent, JSON both ways. Failures come
 * back as HttpError with the server's stable code and its customer-readable message.
 */
export class HttpError extends Error {
  readonly status: number;
  readonly code: string;
  constructor(status: number, code: string, message: string) {
    super(message);
    this.status = status;
    this.code = code;
  }
}

export async function requestJson<T>(method: "GET" | "POST", path: string, body?: unknown): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      credentials: "include",
      headers: body === undefined ? { accept: "application/json" } : { accept: "application/json", "content-type": "application/json" },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  } catch {
    throw new HttpError(0, "NETWORK_ERROR", "Network Error");
  }
  const data: unknown = response.status === 204 ? undefined : await response.json().catch(() => undefined);
  if (!response.ok) {
    const problem = (data ?? {}) as { code?: string; message?: string };
    throw new HttpError(
      response.status,
      problem.code ?? "HTTP_ERROR",
      problem.message ?? `Request failed with status code ${response.status}`,
    );
  }
  return data as T;
}
