import type { Catalogue } from "../../common/i18n/catalogue.ts";
import type { Language } from "../../common/languages.ts";
import { strings as ar } from "./ar.ts";
import { strings as de } from "./de.ts";
import { strings as en } from "./en.ts";
import { strings as es } from "./es.ts";
import { strings as fr } from "./fr.ts";
import { strings as it } from "./it.ts";
import { strings as ja } from "./ja.ts";
import { strings as ptBR } from "./pt-BR.ts";

/** What the server says, in any language: the English catalogue's keys (a missing one fails the type check). */
export type ServerStrings = Catalogue<typeof en>;

const CATALOGUES: Record<Language, ServerStrings> = { en, de, fr, es, it, "pt-BR": ptBR, ja, ar };

/** The server's words in a language; every language has them all. */
export function serverStrings(language: Language): ServerStrings {
  return CATALOGUES[language];
}
