import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";
import { themeStylesheet } from "./common/brands/brand.ts";
import { BRANDS } from "./common/brands/index.ts";
import { DEFAULT_LANGUAGE, isLanguage } from "./common/languages.ts";

/**
 * The app is built once per language (scripts/build-if-stale.ts): `@strings/…` is that language's
 * catalogue, so each build carries its own strings and no other language's. English, the default,
 * is the build of the plain `vite build`.
 */
const requested = process.env.APP_LANGUAGE ?? DEFAULT_LANGUAGE;
if (!isLanguage(requested)) throw new Error(`APP_LANGUAGE=${requested} is not one of the languages in common/languages.ts`);
const language = requested;
const strings = fileURLToPath(new URL(`./web/i18n/${language}/`, import.meta.url));

/** `import "virtual:brand-themes.css"`: every brand's colours in both themes, from common/brands. */
function brandThemes(): Plugin {
  const id = "virtual:brand-themes.css";
  return {
    name: "brand-themes",
    resolveId: (source) => (source === id ? `\0${id}` : undefined),
    load: (resolved) => (resolved === `\0${id}` ? themeStylesheet(BRANDS) : undefined),
  };
}

// The web app lives in web/; its production build goes to dist/web, which the account server serves.
export default defineConfig(({ isSsrBuild }) => ({
  root: "web",
  publicDir: "public",
  plugins: [react(), brandThemes()],
  resolve: { alias: [{ find: /^@strings\//, replacement: strings }] },
  define: { __APP_LANGUAGE__: JSON.stringify(language) },
  build: {
    outDir: "../dist/web",
    // The languages' builds share dist/web (their chunks without strings are the same files); the
    // first of them is run with --emptyOutDir.
    emptyOutDir: false,
    target: "es2022",
    // The server writes a strict CSP: no inline scripts, so no inlined module preload polyfill.
    modulePreload: { polyfill: false },
    assetsInlineLimit: 0,
    // Maps for the server to map error reports back to source files; never served (spa.ts).
    sourcemap: "hidden",
    // Which chunks each screen's module needs (dist/web/.vite/manifest.json, never served): a page
    // rendered ahead asks for its screen's chunks together with the app's (server/site/screen-chunks.ts).
    // Each language's build has its own manifest (the English one keeps Vite's name).
    manifest: isSsrBuild ? false : language === DEFAULT_LANGUAGE ? true : `.vite/manifest.${language}.json`,
    // Everything the first screen imports is one file: left to itself, Rolldown splits the modules
    // that lazy screens share with it into seven small chunks, which the login route then loads
    // one by one and compresses apart (about 2 KB gzip more in all).
    rolldownOptions: {
      output: {
        codeSplitting: { groups: [{ name: "app", tags: ["$initial"] }] },
      },
    },
  },
}));
