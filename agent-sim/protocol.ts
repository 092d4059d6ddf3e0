/**
 * The SignalR wire protocol as the simulator speaks it: JSON hub protocol version 1, each message
 * ended by the record separator 0x1E (SPEC section 7, "Real-time hub").
 */
const RECORD_SEPARATOR = "\u001e";

export const MessageType = {
  Invocation: 1,
  StreamItem: 2,
  Completion: 3,
  StreamInvocation: 4,
  CancelInvocation: 5,
  Ping: 6,
  Close: 7,
} as const;

export type HubMessage =
  | { type: 1; invocationId?: string; target: string; arguments: unknown[] }
  | { type: 2; invocationId: string; item: unknown }
  | { type: 3; invocationId: string; result?: unknown; error?: string }
  | { type: 4; invocationId: string; target: string; arguments: unknown[] }
  | { type: 5; invocationId: string }
  | { type: 6 }
  | { type: 7; error?: string; allowReconnect?: boolean };

export function frame(message: object): string {
  return `${JSON.stringify(message)}${RECORD_SEPARATOR}`;
}

/** The records of a payload; a trailing part without its separator is incomplete and refused. */
export function records(payload: string): string[] {
  if (payload === "") return [];
  if (!payload.endsWith(RECORD_SEPARATOR)) throw new Error("Message is incomplete.");
  return payload.split(RECORD_SEPARATOR).slice(0, -1);
}
