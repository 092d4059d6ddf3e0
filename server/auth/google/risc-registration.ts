import { readFileSync } from "node:fs";
import { importPKCS8, SignJWT } from "jose";
import { GOOGLE_RISC_PATH } from "../../base/config.ts";
import { RISC_EVENT_TYPES } from "./risc.ts";

/**
 * Registering our receiver with Google's RISC API (decision 91): the stream configuration names
 * where Google pushes its security event tokens (PUBLIC_URL + /google/risc) and which events we
 * want. Google takes it at https://risc.googleapis.com/v1beta/stream:update, authorised by a
 * token the Google Cloud project's service account signs (its JSON key, with the RISC
 * Configuration Admin role). The product holds no such key: the operator passes its file to the
 * CLI, or does it by hand with what `byHand` prints.
 */

const RISC_API = "https://risc.googleapis.com/v1beta/stream:update";
/** The audience Google's RISC API asks of a service account's token. */
const RISC_API_AUDIENCE = "https://risc.googleapis.com/google.identity.risc.v1beta.RiscManagementService";
const PUSH_DELIVERY = "https://schemas.openid.net/secevent/risc/delivery-method/push";

interface StreamConfiguration {
  delivery: { delivery_method: string; url: string };
  events_requested: string[];
}

function streamConfiguration(publicUrl: string): StreamConfiguration {
  return {
    delivery: { delivery_method: PUSH_DELIVERY, url: `${publicUrl}${GOOGLE_RISC_PATH}` },
    events_requested: Object.values(RISC_EVENT_TYPES),
  };
}

/** What to do by hand where the CLI cannot reach Google or holds no service account key. */
export function byHand(publicUrl: string, clientId: string): string {
  const body = JSON.stringify(streamConfiguration(publicUrl), null, 2);
  return [
    `Register ${publicUrl}${GOOGLE_RISC_PATH} with Google's Cross-Account Protection for the client ${clientId}:`,
    "1. In the Google Cloud project of that client, enable the RISC API and create a service account",
    "   with the role RISC Configuration Admin; download its JSON key.",
    "2. Either run: npm run account -- google-risc-register --service-account KEY.json",
    `   or POST this body to ${RISC_API} with "Authorization: Bearer <token>", the token a JWT the`,
    `   service account signs (RS256, its key id; iss and sub its email, aud ${RISC_API_AUDIENCE},`,
    "   an hour's exp):",
    body,
    "3. Google answers 200; from then on it posts security event tokens to the receiver.",
  ].join("\n");
}

interface ServiceAccountKey {
  client_email: string;
  private_key: string;
  private_key_id?: string;
}

function readKey(path: string): ServiceAccountKey {
  const key = JSON.parse(readFileSync(path, "utf8")) as Partial<ServiceAccountKey>;
  if (typeof key.client_email !== "string" || typeof key.private_key !== "string") {
    throw new Error(`${path} is not a service account's JSON key (no client_email or private_key)`);
  }
  return key as ServiceAccountKey;
}

/** The bearer token the RISC API asks for, signed with the service account's key. */
async function serviceAccountToken(key: ServiceAccountKey, now = Date.now()): Promise<string> {
  const privateKey = await importPKCS8(key.private_key, "RS256");
  return new SignJWT({})
    .setProtectedHeader({ alg: "RS256", typ: "JWT", ...(key.private_key_id ? { kid: key.private_key_id } : {}) })
    .setIssuer(key.client_email)
    .setSubject(key.client_email)
    .setAudience(RISC_API_AUDIENCE)
    .setIssuedAt(Math.floor(now / 1000))
    .setExpirationTime(Math.floor(now / 1000) + 3600)
    .sign(privateKey);
}

/**
 * Sends the stream configuration to Google's RISC API with the service account's token. Answers
 * what to tell the operator; throws when Google refuses it (with Google's words) or cannot be
 * reached, so the CLI prints what to do by hand.
 */
export async function registerReceiver(
  publicUrl: string,
  keyFile: string,
  { api = RISC_API, timeoutMs = 10_000 }: { api?: string; timeoutMs?: number } = {},
): Promise<string> {
  const key = readKey(keyFile);
  const response = await fetch(api, {
    method: "POST",
    headers: { authorization: `Bearer ${await serviceAccountToken(key)}`, "content-type": "application/json" },
    body: JSON.stringify(streamConfiguration(publicUrl)),
    signal: AbortSignal.timeout(timeoutMs),
  });
  if (!response.ok) throw new Error(`Google's RISC API answered ${response.status}: ${(await response.text()).slice(0, 500)}`);
  return `Google now pushes its security events to ${publicUrl}${GOOGLE_RISC_PATH} (as ${key.client_email})`;
}
