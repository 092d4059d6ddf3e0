import { parseArgs } from "node:util";
import { signInAgent } from "./account-sign-in.ts";
import { startAgentSimulator } from "./simulator.ts";

/**
 * `npm run agent-sim`: a simulated desktop agent for development and support. Flags:
 *   --port-index N        which of the five ports to listen on (0-4, default 0)
 *   --dsone-base-port P   first DS One agent port (default 49217)
 *   --maverick-base-port P first Maverick Safe agent port (default 51215)
 *   --access-token T      the Bearer access token the hub asks for (default: none)
 *   --sign-in URL         sign the agent in at this account server (http://localhost:3000), as
 *                         the desktop-agent client, its tokens bound to a DPoP key it holds
 */
const { values } = parseArgs({
  options: {
    "port-index": { type: "string" },
    "dsone-base-port": { type: "string" },
    "maverick-base-port": { type: "string" },
    host: { type: "string" },
    "access-token": { type: "string" },
    "sign-in": { type: "string" },
  },
});
const number = (value: string | undefined) => (value === undefined ? undefined : Number(value));
const simulator = await startAgentSimulator({
  portIndex: number(values["port-index"]),
  dsoneBasePort: number(values["dsone-base-port"]),
  maverickBasePort: number(values["maverick-base-port"]),
  host: values.host ?? "127.0.0.1",
  accessToken: values["access-token"],
});
console.log(`Agent simulator: DS One agent on port ${simulator.ports.dsone} (GET /regstate, POST /sendchecklicense, hub /hub)`);
console.log(
  `                 Maverick Safe agent on port ${simulator.ports.maverick} (GET /maverick/regstate, POST /maverick/sendchecklicense)`,
);
console.log(
  "Control: GET /sim/received, POST /sim/close?allowReconnect=true, POST /sim/handshake?reject=true, POST /sim/access-token?token=T, POST /sim/reset",
);
const issuer = values["sign-in"];
if (issuer) {
  const session = await signInAgent({
    issuer,
    open: (url) => console.log(`Sign the agent in: open ${url}`),
  });
  const { sub, email } = await session.userinfo();
  console.log(`Agent signed in as ${String(email ?? sub)}: token_type ${session.tokens.token_type}, bound to key ${session.thumbprint}`);
}
const stop = () => simulator.close().then(() => process.exit(0));
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
