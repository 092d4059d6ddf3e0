import type { Language } from "../../common/languages.ts";

/**
 * The language this page speaks: each language is a build of its own (vite.config.ts), and the
 * server chose which to send (server/routes/language.ts). Tests run the English one.
 */
export const LANGUAGE: Language = typeof __APP_LANGUAGE__ === "string" ? __APP_LANGUAGE__ : "en";
