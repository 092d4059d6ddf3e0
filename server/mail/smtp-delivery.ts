import { Worker } from "node:worker_threads";
import type { DeliveryThreadSettings, FromDeliveryThread, ToDeliveryThread } from "./delivery-thread.ts";
import { DEFAULT_MAIL_CONCURRENCY, type Deliver } from "./worker.ts";

/**
 * How long a closing thread has to close its pool and end before it is ended from here. It does not
 * wait for mails in flight (the mail worker closes delivery only once its own mails are done).
 */
const CLOSE_MS = 10_000;

interface Waiting {
  resolve(): void;
  reject(error: Error): void;
}

/**
 * Delivery over SMTP (smtp.ts), on a thread of its own (delivery-thread.ts). Writing a mail out and
 * sending it is about a millisecond of CPU; in a sign-in burst that millisecond, on the thread that
 * answers the requests, was as much as the request itself. On its own thread it runs beside them,
 * on a second core where there is one (docs/decisions/0064-mail-delivery-thread.md). The mail worker
 * still claims the mail, opens its bodies and records each outcome; the thread only sends.
 *
 * The thread starts with the first mail. If it fails or stops, the mails it held fail their
 * attempt (the worker retries them after its back-off) and the next mail starts a new thread.
 */
export function smtpDelivery(smtpUrl: string, { connections = DEFAULT_MAIL_CONCURRENCY } = {}): Deliver {
  let thread: { worker: Worker; waiting: Map<number, Waiting> } | undefined;
  let nextId = 0;
  const start = () => {
    const worker = new Worker(new URL("./delivery-thread.ts", import.meta.url), {
      workerData: { smtpUrl, connections } satisfies DeliveryThreadSettings,
    });
    // The mail worker's own promises keep count of what is in flight; the thread alone keeps no process up.
    worker.unref();
    const started = { worker, waiting: new Map<number, Waiting>() };
    worker.on("message", ({ id, failure }: FromDeliveryThread) => {
      const waiting = started.waiting.get(id);
      started.waiting.delete(id);
      if (!failure) waiting?.resolve();
      else waiting?.reject(Object.assign(new Error(failure.message), failure));
    });
    const ended = (why: string) => {
      if (thread === started) thread = undefined;
      for (const waiting of started.waiting.values()) waiting.reject(new Error(`the mail delivery thread ${why}`));
      started.waiting.clear();
    };
    worker.on("error", (error) => ended(`failed: ${error.message}`));
    worker.on("exit", (code) => ended(`stopped (exit code ${code})`));
    return started;
  };
  const deliver: Deliver = (mail) =>
    new Promise<void>((resolve, reject) => {
      thread ??= start();
      const id = nextId++;
      thread.waiting.set(id, { resolve, reject });
      thread.worker.postMessage({ id, mail } satisfies ToDeliveryThread);
    });
  deliver.close = async () => {
    const closing = thread;
    thread = undefined;
    if (!closing) return;
    const exited = new Promise((resolve) => closing.worker.once("exit", resolve));
    closing.worker.postMessage({ close: true } satisfies ToDeliveryThread);
    const timer = setTimeout(() => void closing.worker.terminate(), CLOSE_MS);
    await exited;
    clearTimeout(timer);
  };
  return deliver;
}
