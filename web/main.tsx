import { createRoot } from "react-dom/client";
import { App } from "./app/App.tsx";
import { startTelemetry } from "./telemetry/queue.ts";
import "virtual:brand-themes.css";
import "./styles.css";

const root = document.getElementById("root");
if (!root) throw new Error("index.html has no #root element");
startTelemetry();
createRoot(root).render(<App />);
