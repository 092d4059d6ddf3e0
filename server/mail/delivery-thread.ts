import { parentPort, workerData } from "node:worker_threads";
import type { MailParts } from "./message.ts";
import { smtpSender } from "./smtp.ts";

/**
 * The mail delivery thread (smtp-delivery.ts starts it): composes each mail it is handed and
 * sends it through its SMTP pool, answering with the outcome under the mail's number. A failure is
 * answered with what the worker's retry rules read of it (message, SMTP reply code, error code).
 * Asked to close, it closes the pool and ends.
 */
export type ToDeliveryThread = { id: number; mail: MailParts } | { close: true };
export type FromDeliveryThread = { id: number; failure?: DeliveryFailure };
export interface DeliveryFailure {
  message: string;
  responseCode?: number;
  code?: string;
  /** The relay's reply line and the command it answered (RCPT TO: about the recipient). */
  response?: string;
  command?: string;
}

export interface DeliveryThreadSettings {
  smtpUrl: string;
  connections: number;
}

function failureOf(error: unknown): DeliveryFailure {
  const { responseCode, code, response, command } = (error ?? {}) as Record<string, unknown>;
  return {
    message: error instanceof Error ? error.message : String(error),
    ...(typeof responseCode === "number" ? { responseCode } : {}),
    ...(typeof code === "string" ? { code } : {}),
    ...(typeof response === "string" ? { response } : {}),
    ...(typeof command === "string" ? { command } : {}),
  };
}

// Imported without a parent (scripts/build-if-stale.ts fills Node's compile cache so), it does nothing.
const port = parentPort;
if (port && (workerData as DeliveryThreadSettings | undefined)?.smtpUrl) {
  const { smtpUrl, connections } = workerData as DeliveryThreadSettings;
  const sender = smtpSender(smtpUrl, connections);
  port.on("message", (message: ToDeliveryThread) => {
    if ("close" in message) {
      // Ends the thread even with a send still waiting on a stalled relay: the server's side fails
      // that mail's attempt when the thread exits (the mail worker only closes once its mails are done).
      sender.close().finally(() => process.exit(0));
      return;
    }
    sender.send(message.mail).then(
      () => port.postMessage({ id: message.id } satisfies FromDeliveryThread),
      (error: unknown) => port.postMessage({ id: message.id, failure: failureOf(error) } satisfies FromDeliveryThread),
    );
  });
}
