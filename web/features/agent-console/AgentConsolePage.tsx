import { useEffect, useMemo, useState } from "react";
import { type AgentEvent, agentErrorMessage, MESSAGE_TYPES } from "../../../common/agent/catalogue.ts";
import { useAgentDetection, useHubState } from "../../agent/hooks.ts";
import { AgentHub, type HubState } from "../../agent/hub.ts";
import { dsone } from "../../platform/brand.ts";
import { Button } from "../../ui/Button.tsx";
import { Screen } from "../../ui/Screen.tsx";

/** A line of the console's log: an event as it arrived, or the answer to a message sent. */
interface LogLine {
  at: string;
  text: string;
}

function describe(event: AgentEvent): string {
  const details = Object.entries(event)
    .filter(([key]) => key !== "kind" && key !== "status")
    .map(([key, value]) => `${key}=${typeof value === "object" ? JSON.stringify(value) : String(value)}`)
    .join(" ");
  return `${event.kind} ${event.status}${details ? ` ${details}` : ""}`;
}

/**
 * The agent console for support and development (/dev/agent, absent in production): find the
 * agent, connect to its hub, send catalogue messages, and watch the events arrive.
 */
export default function AgentConsolePage() {
  const { detection, detect } = useAgentDetection(dsone);
  const agent = detection.status === "found" ? detection.agent : undefined;
  const [hub, setHub] = useState<AgentHub>();
  const hubState = useHubState(hub);
  const [history, setHistory] = useState<HubState[]>(["Disconnected"]);
  const [log, setLog] = useState<LogLine[]>([]);
  const [messageType, setMessageType] = useState<string>("START_ALL_SCANS");
  const add = useMemo(() => (text: string) => setLog((lines) => [...lines, { at: new Date().toLocaleTimeString(), text }]), []);

  useEffect(() => () => void hub?.stop(), [hub]);

  async function connect() {
    if (!agent) return;
    // A hub belongs to one agent address: found again elsewhere, a new one replaces it.
    const url = `${agent.origin}/hub`;
    const reuse = hub?.url === url ? hub : undefined;
    if (hub && !reuse) await hub.stop();
    const connection = reuse ?? new AgentHub(url);
    if (!reuse) {
      connection.onState((state) => setHistory((states) => [...states, state]));
      connection.onEvent((event) => add(`event: ${describe(event)}`));
      setHub(connection);
    }
    try {
      await connection.start();
    } catch (error) {
      add(`could not connect: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  async function send() {
    if (!hub) return;
    try {
      const result = await hub.send({ type: messageType });
      add(`${messageType}: ${JSON.stringify(result)}`);
    } catch (error) {
      const code = error instanceof Error ? error.message : String(error);
      add(`${messageType} refused: ${code} (${agentErrorMessage(code)})`);
    }
  }

  return (
    <Screen brand={dsone} title="Agent console">
      <p>For support and development: find the desktop agent on this computer, connect to its hub, and send it messages.</p>
      <Button variant="blue" onClick={() => void detect()}>
        Find the agent
      </Button>
      <p role="status" aria-label="Agent">
        {agent
          ? `Agent found on port ${agent.port}`
          : detection.status === "failed"
            ? detection.message
            : detection.status === "looking"
              ? "Looking..."
              : "No agent looked for yet"}
      </p>
      {agent ? (
        // A labelled, focusable section, so a keyboard can scroll the state.
        <section className="console__state" tabIndex={-1} aria-label="Registration state">
          {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take focus */}
          <pre tabIndex={0}>{JSON.stringify(agent.state, null, 2)}</pre>
        </section>
      ) : null}
      <p role="status" aria-label="Hub state">
        Hub: {hubState}
      </p>
      <p className="hint" role="note" aria-label="Hub state history">
        {history.join(" → ")}
      </p>
      <div className="console__row">
        <Button variant="green" disabled={!agent || hubState !== "Disconnected"} onClick={connect}>
          Connect
        </Button>
        <Button variant="gray" disabled={!hub || hubState === "Disconnected"} onClick={() => void hub?.stop()}>
          Disconnect
        </Button>
      </div>
      <div className="console__row">
        <label className="field__label" htmlFor="console-message">
          Message
        </label>
        <select id="console-message" className="field__input" value={messageType} onChange={(event) => setMessageType(event.target.value)}>
          {MESSAGE_TYPES.map((type) => (
            <option key={type} value={type}>
              {type}
            </option>
          ))}
        </select>
        <Button variant="green" disabled={hubState !== "Connected"} onClick={send}>
          Send
        </Button>
      </div>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: scrollable region */}
      <div className="console__log" role="log" aria-label="Events" tabIndex={0}>
        <ol>
          {log.map((line, index) => (
            // Lines are only ever appended, so the position is a stable key.
            // biome-ignore lint/suspicious/noArrayIndexKey: append-only log
            <li key={index}>
              <time>{line.at}</time> {line.text}
            </li>
          ))}
        </ol>
      </div>
    </Screen>
  );
}
