import { LANGUAGE } from "../../platform/language.ts";

/** A moment as the customer's browser writes dates: "25 Nov 2026, 20:32". */
const DATE_TIME = new Intl.DateTimeFormat(LANGUAGE === "en" ? undefined : LANGUAGE, { dateStyle: "medium", timeStyle: "short" });

export function dateTime(at: number): string {
  return DATE_TIME.format(at);
}

const DAY = new Intl.DateTimeFormat(LANGUAGE === "en" ? undefined : LANGUAGE, { dateStyle: "medium" });

/** A day as the customer's browser writes dates: "25 Nov 2026". */
export function day(at: number): string {
  return DAY.format(at);
}
