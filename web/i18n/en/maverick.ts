import { strings as shared } from "./shared.ts";

/** Maverick Safe's loading and goodbye screens. Loaded with those screens (see ../en.ts). */
export const strings = {
  ...shared,
  maverickLogin: {
    loading: "Loading Maverick Safe",
  },
  maverickGoodbye: {
    title: "We're Sorry To See You Go",
    uninstalled: "Maverick Safe has been uninstalled from your browser.",
    tryAgain: "Changed your mind? We would love you to give Maverick Safe another try.",
    download: "Download Maverick Safe again",
    removeExtension: "How to remove the browser extension",
    removeExtensionText: "If the Maverick Safe extension is still in your browser, these instructions show how to remove it.",
  },
} as const;
