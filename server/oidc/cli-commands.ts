import type { Db } from "../db/database.ts";
import {
  addClient,
  type ClientChecks,
  ClientInputError,
  type ClientType,
  type DpopMode,
  listClients,
  removeClient,
  setClientDpop,
} from "./clients.ts";
import { listSigningKeys, rotateSigningKey } from "./keys.ts";

/** The operator CLI's OpenID commands: `client add|list|remove` and `keys rotate|list`. */
export const OIDC_USAGE = `  client add --id ID --type spa|native|web --redirect-uri URI [--redirect-uri URI…]
             [--post-logout-redirect-uri URI…] [--brand dsone|maverick]
             [--backchannel-logout-uri URI [--backchannel-logout-session-required]]
             [--dpop required|optional]   (native: required; spa, web: optional)
  client list
  client set --id ID --dpop required|optional
  client remove --id ID
  keys rotate
  keys list`;

export const OIDC_OPTIONS = {
  id: { type: "string" },
  type: { type: "string" },
  brand: { type: "string" },
  "redirect-uri": { type: "string", multiple: true },
  "post-logout-redirect-uri": { type: "string", multiple: true },
  "backchannel-logout-uri": { type: "string" },
  "backchannel-logout-session-required": { type: "boolean" },
  dpop: { type: "string" },
} as const;

export interface OidcValues {
  id?: string | undefined;
  type?: string | undefined;
  brand?: string | undefined;
  "redirect-uri"?: string[] | undefined;
  "post-logout-redirect-uri"?: string[] | undefined;
  "backchannel-logout-uri"?: string | undefined;
  "backchannel-logout-session-required"?: boolean | undefined;
  dpop?: string | undefined;
}

const when = (ms: number | null) => (ms === null ? "-" : new Date(ms).toISOString());

export async function runOidcCommand(
  db: Db,
  command: string,
  action: string | undefined,
  values: OidcValues,
  checks: ClientChecks,
): Promise<string> {
  const id = () => {
    if (!values.id) throw new ClientInputError("missing --id");
    return values.id;
  };
  switch (`${command} ${action ?? ""}`.trim()) {
    case "client add": {
      const { secret } = await addClient(
        db,
        {
          id: id(),
          type: (values.type ?? "") as ClientType,
          brand: values.brand ?? "dsone",
          redirectUris: values["redirect-uri"] ?? [],
          postLogoutRedirectUris: values["post-logout-redirect-uri"] ?? [],
          backchannelLogoutUri: values["backchannel-logout-uri"],
          backchannelLogoutSessionRequired: values["backchannel-logout-session-required"],
          dpop: values.dpop as DpopMode | undefined,
        },
        checks,
      );
      return secret
        ? `client ${values.id} registered\nclient secret (shown only now, stored hashed): ${secret}`
        : `client ${values.id} registered`;
    }
    case "client list": {
      const clients = await listClients(db);
      if (clients.length === 0) return "no clients";
      return clients
        .map((client) =>
          [
            `${client.id} (${client.type}, ${client.brand})`,
            ...client.redirectUris.map((uri) => `  redirect:    ${uri}`),
            ...client.postLogoutRedirectUris.map((uri) => `  post-logout: ${uri}`),
            ...(client.backchannelLogoutUri
              ? [`  back-channel logout: ${client.backchannelLogoutUri}${client.backchannelLogoutSessionRequired ? " (with sid)" : ""}`]
              : []),
            `  dpop:        ${client.dpop}`,
          ].join("\n"),
        )
        .join("\n");
    }
    case "client set":
      await setClientDpop(db, id(), values.dpop);
      return `client ${values.id}: dpop ${values.dpop}`;
    case "client remove":
      await removeClient(db, id());
      return `client ${values.id} removed`;
    case "keys rotate": {
      const { kid, activatesAt } = await rotateSigningKey(db);
      return `new signing key ${kid}: published now, signing from ${when(activatesAt)}; the previous key stays published until its tokens have expired`;
    }
    case "keys list": {
      const keys = await listSigningKeys(db);
      return keys
        .map((key) => `${key.kid}  created ${when(key.createdAt)}  signs from ${when(key.activatesAt)}  retired ${when(key.retiredAt)}`)
        .join("\n");
    }
    default:
      throw new ClientInputError(`unknown command "${`${command} ${action ?? ""}`.trim()}"`);
  }
}
