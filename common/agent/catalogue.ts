/**
 * The desktop agent's vocabulary (SPEC sections 3, 7 and 8): the hub's message types, the events
 * it sends, its socket error codes and agent error messages, each code with what a customer reads.
 * Shared by the web app and the agent simulator; the catalogue has room for further names.
 */
export const MESSAGE_TYPES = [
  "GET_ENUM_VALUES",
  "GET_AGENT_INFO",
  "CHECK_LICENSE",
  "USER_LOGON",
  "WEB_UI_LOGON",
  "START_ALL_SCANS",
  "START_HARDWARE_SCAN",
  "START_SOFTWARE_SCAN",
  "START_NDT_SCAN",
  "START_FILE_CLEANUP_SCAN",
  "DELETE_CLEAN_UP_FILES",
  "DO_SYSTEM_OPTIMIZATIONS",
  "RESTORE_SYSTEM_OPTIMIZATIONS",
  "GET_APP_SETTINGS",
  "UPDATE_USER_SETTING_VALUE",
  "ADD_SUPPORT_CASE",
  "DOWNLOAD_DRIVER_REQUEST",
  "DRIVER_INSTALL_REQUEST",
  "DO_SYSTEM_REBOOT",
  "GET_NOTIFICATIONS",
  "DELETE_NOTIFICATION",
  "GET_LICENSE",
  "GET_MACHINE_INTELLIGENCE",
  "DO_CLIENT_UPDATE",
  "DO_REMOTE_UNINSTALL",
  "REMOTE_TRIGGER_JIT",
] as const;

/** A catalogue name, or a further one the agent knows and this list does not yet. */
type MessageType = (typeof MESSAGE_TYPES)[number] | (string & {});

export function isKnownMessageType(value: string): value is (typeof MESSAGE_TYPES)[number] {
  return (MESSAGE_TYPES as readonly string[]).includes(value);
}

/** The hub method the web app invokes, and the client method the agent calls with events. */
export const HUB_METHODS = { send: "SendMessage", event: "AgentEvent" } as const;

export interface AgentRequest {
  type: MessageType;
  payload?: unknown;
}

/** Events the agent sends (SPEC section 4, "Agent events"). */
export type AgentEvent =
  | {
      kind: "scan";
      status: "started" | "progress" | "updated" | "complete";
      percent?: number;
      scans?: string[];
      found?: Record<string, number>;
    }
  | {
      kind: "driverDownload";
      status: "queued" | "starting" | "progress" | "retry" | "error" | "cancelled" | "complete";
      driverId: string;
      percent?: number;
      attempt?: number;
      reason?: string;
    }
  | { kind: "driverInstall"; status: "update" | "verifying" | "verified" | "forceComplete"; driverId: string }
  | { kind: "remoteUninstall"; status: string };

export const SOCKET_ERRORS = {
  NOT_SET: "Something went wrong with the software on your computer.",
  BAD_MESSAGE_FORMAT: "The software on your computer did not understand the request.",
  MESSAGE_NOT_FOUND: "The software on your computer does not know this request. It may need an update.",
  CONNECTION_ERROR: "The connection to the software on your computer failed.",
  INTERNAL_ERROR: "The software on your computer ran into an error.",
  NO_MESSAGE_HANDLER_FOUND: "The software on your computer cannot do this yet. It may need an update.",
  NOT_CONNECTED: "The software on your computer is not connected.",
  ITEM_NOT_FOUND: "The item was not found on your computer.",
  SCAN_ERROR: "The scan could not finish. Please try again.",
  DRIVER_NOT_FOUND: "That driver was not found.",
  DEVICE_UPDATE_NOT_FOUND: "No update was found for that device.",
  INSTALL_ALREADY_IN_PROGRESS: "An installation is already in progress. Please wait for it to finish.",
  INSTALL_PACKAGE_IS_INVALID: "The installation package is damaged. Please download it again.",
  INSTALL_PACKAGE_NOT_FOUND: "The installation package was not found. Please download it again.",
  INSTALL_START_FAILED: "The installation could not start.",
  DEVICE_NOT_FOUND: "That device was not found on your computer.",
  MANUFACTURERS_NOT_FOUND: "The device manufacturers could not be found.",
  MACHINE_INTELLIGENCE_UPDATE_FAILED: "The software could not update its knowledge of your computer.",
  USER_SETTINGS_ERROR: "Your settings could not be saved.",
  REMOTE_TRIGGER_NOT_TRIGGERED: "The software did not start the requested task.",
} as const;

export const AGENT_ERRORS = {
  DISK_IS_FULL: "Your disk is full. Free some space and try again.",
  UPDATE_DRIVER_FAILED: "The driver could not be updated.",
  LICENSE_CHECK_FAILED: "Your license could not be checked.",
  USER_LOGON_FAILED: "The software could not sign you in.",
  ADD_SUPPORT_CASE_FAILED: "Your support case could not be sent.",
  UI_ERROR: "The software's window ran into an error.",
  CRITICAL_APPLICATION_ERROR: "The software ran into a serious error and must restart.",
} as const;

type SocketErrorCode = keyof typeof SOCKET_ERRORS;
type AgentErrorCode = keyof typeof AGENT_ERRORS;

/** What a customer reads for an error the agent reported, by its code (or the message itself). */
export function agentErrorMessage(codeOrMessage: string): string {
  const code = codeOrMessage.trim();
  if (Object.hasOwn(SOCKET_ERRORS, code)) return SOCKET_ERRORS[code as SocketErrorCode];
  if (Object.hasOwn(AGENT_ERRORS, code)) return AGENT_ERRORS[code as AgentErrorCode];
  return SOCKET_ERRORS.NOT_SET;
}
