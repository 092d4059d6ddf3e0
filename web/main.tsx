import { startTransition } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { answerChallengesWith } from "./api/http.ts";
import { App } from "./app/App.tsx";
import { preloadScreen } from "./app/routes.ts";
import { startTelemetry } from "./telemetry/queue.ts";
import "virtual:brand-themes.css";
import "./styles.css";

const root = document.getElementById("root");
if (!root) throw new Error("index.html has no #root element");
startTelemetry();
// The human check a request may be asked for (decision 93): its dialog and solver are a chunk of
// their own, fetched the first time one is asked.
answerChallengesWith(() => import("./challenge/prove.ts").then((module) => module.prove));
// A screen rendered ahead of time (web/prerender.tsx) is taken over where it stands; any other
// address starts from the empty root.
if (root.firstElementChild) {
  // Its screen's code first, so the whole page is taken over in one pass (app/routes.ts). If it
  // cannot be loaded, the app hydrates anyway and the screen loads as it renders. Hydrating as a
  // transition lets React yield to the browser every few milliseconds instead of holding the main
  // thread for the whole tree: the page, already painted, keeps answering (no long task on a
  // slow phone), and its controls stay unavailable until they work (platform/hydration.ts).
  const element = root;
  void preloadScreen(window.location.pathname)
    .catch(() => undefined)
    .then(() => startTransition(() => void hydrateRoot(element, <App />)));
} else createRoot(root).render(<App />);
