import { CLIENT_CONFIG_ELEMENT_ID, type ClientConfig } from "../../common/client-config.ts";

/** The settings the server wrote into index.html (server/site/spa.ts decides what is in them). */
function readConfig(): ClientConfig {
  const element = document.getElementById(CLIENT_CONFIG_ELEMENT_ID);
  if (!element?.textContent) throw new Error("The page has no app configuration: it must be served by the account server.");
  return JSON.parse(element.textContent) as ClientConfig;
}

export const config: ClientConfig = readConfig();
