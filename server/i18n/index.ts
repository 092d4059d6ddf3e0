import * as arCommon from "../../common/i18n/ar.ts";
import { type Catalogue, sayDuration } from "../../common/i18n/catalogue.ts";
import * as deCommon from "../../common/i18n/de.ts";
import * as enCommon from "../../common/i18n/en.ts";
import * as esCommon from "../../common/i18n/es.ts";
import * as frCommon from "../../common/i18n/fr.ts";
import * as itCommon from "../../common/i18n/it.ts";
import * as jaCommon from "../../common/i18n/ja.ts";
import * as ptBRCommon from "../../common/i18n/pt-BR.ts";
import type { Language } from "../../common/languages.ts";
import type { PasswordMessages } from "../../common/password-rules.ts";
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

/** What a new password breaks, in a language (common/i18n/<language>.ts). */
export function passwordRulesIn(language: Language): PasswordMessages {
  return PASSWORD_RULES[language];
}

const PASSWORD_RULES: Record<Language, PasswordMessages> = {
  en: enCommon.passwordRules,
  de: deCommon.passwordRules,
  fr: frCommon.passwordRules,
  es: esCommon.passwordRules,
  it: itCommon.passwordRules,
  "pt-BR": ptBRCommon.passwordRules,
  ja: jaCommon.passwordRules,
  ar: arCommon.passwordRules,
};

/** The server's words in a language; every language has them all. */
export function serverStrings(language: Language): ServerStrings {
  return CATALOGUES[language];
}

/** A duration in the language's words ("1 hour", "2 Tage"). */
export function describeDuration(words: ServerStrings, ms: number): string {
  return sayDuration(words.units, ms);
}
