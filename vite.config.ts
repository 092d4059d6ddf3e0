import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

// The web app lives in web/; its production build goes to dist/web, which the account server serves.
export default defineConfig({
  root: "web",
  publicDir: "public",
  plugins: [react()],
  build: {
    outDir: "../dist/web",
    emptyOutDir: true,
    target: "es2022",
    // The server writes a strict CSP: no inline scripts, so no inlined module preload polyfill.
    modulePreload: { polyfill: false },
    assetsInlineLimit: 0,
  },
});
