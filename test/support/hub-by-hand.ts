import { expect } from "vitest";

/** Ends every message of the hub's JSON protocol. */
export const RECORD_SEPARATOR = "\u001e";

/**
 * A long-polling connection to the agent simulator's hub, spoken by hand: negotiated and with its
 * first (empty) poll answered, but not yet handshaken, so a test can send what the official
 * client never does.
 */
export async function longPollByHand(port: number) {
  const base = `http://127.0.0.1:${port}/hub`;
  const { connectionToken } = (await (await fetch(`${base}/negotiate?negotiateVersion=1`, { method: "POST" })).json()) as {
    connectionToken: string;
  };
  const url = `${base}?id=${connectionToken}`;
  const poll = async () => {
    const response = await fetch(`${url}&_=${Date.now()}`);
    return { status: response.status, text: await response.text() };
  };
  const post = (body: string) => fetch(url, { method: "POST", body });
  expect(await poll()).toEqual({ status: 200, text: "" });
  return { url, poll, post };
}
