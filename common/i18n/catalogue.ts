/**
 * The shape every other language's catalogue takes from the English one: the same keys, any text
 * where English has text, the same parameters where English has a function. A key missing or
 * added in any language fails the type check (`npm run typecheck`), and so the build.
 */
export type Catalogue<English> = {
  readonly [Key in keyof English]: English[Key] extends string
    ? string
    : English[Key] extends (...args: infer Args) => infer Result
      ? (...args: Args) => Result extends string ? string : Result
      : Catalogue<English[Key]>;
};

/** The plural categories a language's forms are written for (CLDR, as `Intl.PluralRules` names them). */
export type PluralForms = Partial<Record<Intl.LDMLPluralRule, string>> & { other: string };

/** A language's words for each unit of time, each given its count. */
export interface DurationUnits {
  days(count: number): string;
  hours(count: number): string;
  minutes(count: number): string;
  seconds(count: number): string;
}

/**
 * A duration in words, by the largest unit that divides it exactly: "1 hour", "2 Tage", "90 分".
 * Anything else is said in seconds, rounded.
 */
export function sayDuration(units: DurationUnits, ms: number): string {
  const sizes = [
    [86_400_000, units.days],
    [3_600_000, units.hours],
    [60_000, units.minutes],
    [1000, units.seconds],
  ] as const;
  for (const [size, say] of sizes) {
    const amount = ms / size;
    if (Number.isInteger(amount) && amount >= 1) return say(amount);
  }
  return units.seconds(Math.round(ms / 1000));
}

/** What the server stores for a browser it cannot name (server/http/user-agent.ts); each language says it its own way. */
export const UNKNOWN_BROWSER = "an unknown browser";

/**
 * A browser's description as the server stores it ("Chrome on Windows", server/http/user-agent.ts),
 * said in a language: the browser and the system through the catalogue's `browserOn`, anything
 * else (one of the two alone) as it is; one the server could not name, or none kept, as `unknown`.
 */
export function sayBrowser(device: string | null, browserOn: (browser: string, system: string) => string, unknown: string): string {
  if (device === null || device === UNKNOWN_BROWSER) return unknown;
  const parts = /^(.+) on (.+)$/.exec(device);
  return parts ? browserOn(parts[1] as string, parts[2] as string) : device;
}

/** A full-width colon (Japanese) carries its own space; any other colon is followed by one. */
export function spaceAfter(text: string): string {
  return text.endsWith("：") ? "" : " ";
}

/** A label and what it names, on one line: "Sign in: https://…", "ログイン：https://…". */
export function labelled(label: string, value: string): string {
  return /[\u3040-\u30ff\u4e00-\u9fff]$/u.test(label) ? `${label}：${value}` : `${label}: ${value}`;
}

/** Each language's plural rules and number format, made once: making them is most of a call's cost. */
const rules = new Map<string, { plural: Intl.PluralRules; number: Intl.NumberFormat }>();

/**
 * The form of a count in a language, by the platform's plural rules: English one/other, Arabic
 * zero/one/two/few/many/other, Japanese other alone. A form the catalogue does not write falls
 * back to `other`. `#` in a form is the count, written the language's way.
 */
export function plural(language: string, count: number, forms: PluralForms): string {
  let rule = rules.get(language);
  if (!rule) {
    rule = { plural: new Intl.PluralRules(language), number: new Intl.NumberFormat(language) };
    rules.set(language, rule);
  }
  const form = forms[rule.plural.select(count)] ?? forms.other;
  return form.replace("#", rule.number.format(count));
}
