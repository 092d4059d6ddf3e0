import { parentPort, workerData } from "node:worker_threads";
import { type DeliveryFailure, failureOf } from "./delivery-failure.ts";
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
export interface DeliveryThreadSettings {
  smtpUrl: string;
  connections: number;
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
