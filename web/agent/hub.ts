import type { HubConnection } from "@microsoft/signalr";
import { type AgentEvent, type AgentRequest, HUB_METHODS } from "../../common/agent/catalogue.ts";

/**
 * The agent's real-time hub through the official SignalR client, loaded only when a hub is used
 * (never in the login route's JavaScript). Long polling by default: some browsers block
 * WebSockets from a secure page to localhost. Timeouts are SPEC section 9's.
 */
export type HubState = "Disconnected" | "Connecting" | "Connected" | "Disconnecting" | "Reconnecting";

export const HUB_TIMEOUTS = { serverTimeoutMs: 30_000, keepAliveMs: 15_000, longPollMs: 100_000 } as const;

export interface AgentHubOptions {
  /** "LongPolling" (the default) or "WebSockets". */
  transport?: "LongPolling" | "WebSockets";
  /**
   * Delays before each reconnect attempt; SignalR's default is 0, 2, 10 and 30 seconds. false: no
   * retry policy, so a connection that drops goes to Disconnected (SPEC section 4).
   */
  reconnectDelaysMs?: number[] | false;
  /**
   * The Bearer access token, for an agent that asks for one (SPEC section 7): called at each
   * connect and reconnect, so a token that expires can be renewed.
   */
  accessToken?: () => string | Promise<string>;
}

export class AgentHub {
  readonly #url: string;
  readonly #options: AgentHubOptions;
  #connection: HubConnection | undefined;
  #state: HubState = "Disconnected";
  #stopRequested = false;
  readonly #stateListeners = new Set<(state: HubState) => void>();
  readonly #eventListeners = new Set<(event: AgentEvent) => void>();

  constructor(url: string, options: AgentHubOptions = {}) {
    this.#url = url;
    this.#options = options;
  }

  get url(): string {
    return this.#url;
  }

  get state(): HubState {
    return this.#state;
  }

  /** Subscriptions answer their own unsubscribe. */
  onState(listener: (state: HubState) => void): () => void {
    this.#stateListeners.add(listener);
    return () => this.#stateListeners.delete(listener);
  }

  onEvent(listener: (event: AgentEvent) => void): () => void {
    this.#eventListeners.add(listener);
    return () => this.#eventListeners.delete(listener);
  }

  /** Starts the connection; allowed only from Disconnected (SPEC section 4). */
  async start(): Promise<void> {
    if (this.#state !== "Disconnected") throw new Error(`Cannot start the hub while it is ${this.#state}.`);
    this.#stopRequested = false;
    this.#set("Connecting");
    try {
      const connection = await this.#build();
      this.#connection = connection;
      // stop() may have come while the client was still loading: nobody wants this connection.
      if (this.#stopRequested) throw new Error("The hub was stopped while it was connecting.");
      await connection.start();
      this.#set("Connected");
    } catch (error) {
      this.#connection = undefined;
      this.#set("Disconnected");
      throw error;
    }
  }

  /** Stops the connection, also during a reconnect delay (which ends reconnecting). */
  async stop(): Promise<void> {
    this.#stopRequested = true;
    const connection = this.#connection;
    if (!connection) return;
    this.#set("Disconnecting");
    await connection.stop();
    this.#connection = undefined;
    this.#set("Disconnected");
  }

  /** Sends a catalogue message and answers the agent's result; an agent error rejects with its code. */
  async send(request: AgentRequest): Promise<unknown> {
    if (!this.#connection || this.#state !== "Connected") throw new Error("NOT_CONNECTED");
    return this.#connection.invoke(HUB_METHODS.send, request);
  }

  async #build(): Promise<HubConnection> {
    const signalr = await import("@microsoft/signalr");
    const transport =
      this.#options.transport === "WebSockets" ? signalr.HttpTransportType.WebSockets : signalr.HttpTransportType.LongPolling;
    const { accessToken, reconnectDelaysMs } = this.#options;
    const builder = new signalr.HubConnectionBuilder()
      .withUrl(this.#url, {
        transport,
        timeout: HUB_TIMEOUTS.longPollMs,
        withCredentials: false,
        ...(accessToken ? { accessTokenFactory: accessToken } : {}),
      })
      .withServerTimeout(HUB_TIMEOUTS.serverTimeoutMs)
      .withKeepAliveInterval(HUB_TIMEOUTS.keepAliveMs)
      .configureLogging(signalr.LogLevel.Warning);
    if (reconnectDelaysMs) builder.withAutomaticReconnect(reconnectDelaysMs);
    else if (reconnectDelaysMs === undefined) builder.withAutomaticReconnect();
    const connection = builder.build();
    connection.on(HUB_METHODS.event, (event: AgentEvent) => {
      for (const listener of this.#eventListeners) listener(event);
    });
    connection.onreconnecting(() => this.#set("Reconnecting"));
    connection.onreconnected(() => this.#set("Connected"));
    connection.onclose(() => {
      if (this.#connection === connection) this.#connection = undefined;
      this.#set("Disconnected");
    });
    return connection;
  }

  #set(state: HubState): void {
    if (this.#state === state) return;
    this.#state = state;
    for (const listener of this.#stateListeners) listener(state);
  }
}
