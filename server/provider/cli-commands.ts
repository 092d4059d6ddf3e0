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
  setClientIntrospects,
} from "./clients.ts";
import { listSigningKeys, rotateSigningKey } from "./keys.ts";

/** The operator CLI's OpenID commands: `client add|list|remove` and `keys rotate|list`. */
export const OIDC_USAGE = `  client add --id ID --type spa|native|web --redirect-uri URI [--redirect-uri URI…]
             [--post-logout-redirect-uri URI…] [--brand dsone|maverick]
             [--backchannel-logout-uri URI [--backchannel-logout-session-required]]
             [--dpop required|optional]   (native: required; spa, web: optional)
  client add --id ID --type api --introspects CLIENT_ID [--introspects CLIENT_ID…] [--brand …]
             (a product API: checks those clients' tokens at /connect/introspect)
  client list
  client set --id ID --dpop required|optional
  client set --id ID --introspects CLIENT_ID [--introspects CLIENT_ID…]
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
  introspects: { type: "string", multiple: true },
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
  introspects?: string[] | undefined;
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
          introspects: values.introspects,
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
            ...(client.type === "api" ? [`  introspects: ${(client.introspects ?? []).join(", ")}`] : [`  dpop:        ${client.dpop}`]),
          ].join("\n"),
        )
        .join("\n");
    }
    case "client set":
      if (values.introspects !== undefined) {
        if (values.dpop !== undefined) throw new ClientInputError("set --dpop and --introspects one at a time");
        await setClientIntrospects(db, id(), values.introspects);
        return `client ${values.id}: introspects ${values.introspects.join(", ")}`;
      }
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
