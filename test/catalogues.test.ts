import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { parseAst } from "rolldown/parseAst";
import { describe, expect, it } from "vitest";
import { DEFAULT_LANGUAGE, LANGUAGES } from "../common/languages.ts";
import { newPasswordErrors } from "../common/password-rules.ts";
import { tooManyAttempts } from "../server/auth/kernel/rate-limit.ts";
import { checkNewPassword } from "../server/auth/password/password-reset.ts";
import { AppError } from "../server/base/errors.ts";
import { serverStrings } from "../server/i18n/index.ts";

/**
 * What a customer reads comes from a catalogue, in every language (docs/screens.md, "Languages"): a key
 * missing in a language fails the type check; these catch the rest. A sentence written into a
 * screen or a mail template, and a language whose catalogue is still English.
 */
const ROOT = join(import.meta.dirname, "..");

/** Pages for staff and developers, which stay English (the issue allows it), and the catalogues themselves. */
const NOT_CUSTOMER_FACING = ["web/i18n/", "web/features/admin/", "web/features/agent-console/", ".test."];

/** Attributes a person reads or hears. */
const READ_ATTRIBUTES = new Set(["aria-label", "ariaLabel", "title", "placeholder", "alt", "label", "heading", "message"]);

/** Constructors whose message is for a developer (a console, a stack trace), not for a customer. */
const DEVELOPER_MESSAGES = new Set(["Error", "TypeError", "DOMException", "HttpError", "AgentNotFoundError"]);

type Node = { type: string; [key: string]: unknown };

function walk(node: unknown, visit: (node: Node, parents: Node[]) => void, parents: Node[] = []): void {
  if (Array.isArray(node)) {
    for (const child of node) walk(child, visit, parents);
    return;
  }
  if (!node || typeof node !== "object" || typeof (node as Node).type !== "string") return;
  visit(node as Node, parents);
  for (const [key, value] of Object.entries(node))
    if (key !== "type" && value && typeof value === "object") walk(value, visit, [...parents, node as Node]);
}

function files(dir: string, extensions: RegExp): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return files(path, extensions);
    return extensions.test(name) ? [path] : [];
  });
}

/** A sentence or a label: words of letters, not an identifier, a class name, a URL or a CSS value. */
const readable = (text: string) => /\p{L}{2,}[^\n]*\s\p{L}{2,}/u.test(text.trim()) || /^\p{Lu}\p{Ll}+[.!?]?$/u.test(text.trim());

function writtenIntoCode(path: string): string[] {
  const source = readFileSync(path, "utf8");
  const ast = parseAst(source, { lang: path.endsWith(".tsx") ? "tsx" : "ts" });
  const found: string[] = [];
  walk(ast, (node, parents) => {
    const parent = parents.at(-1);
    if (node.type === "JSXText" && /\p{L}/u.test(String(node.value))) found.push(String(node.value).trim());
    if (node.type === "Literal" && typeof node.value === "string") {
      const text = node.value;
      if (parent?.type === "JSXAttribute") {
        const name = (parent.name as { name?: string }).name ?? "";
        if (READ_ATTRIBUTES.has(name) && /\p{L}/u.test(text)) found.push(`${name}="${text}"`);
        return;
      }
      if (parent?.type === "ImportDeclaration" || parent?.type === "ExportNamedDeclaration" || parent?.type === "ExportAllDeclaration")
        return;
      // A developer's message: an error's (or an error class's own super(…) call).
      const inDeveloperMessage = parents.some(
        (ancestor) =>
          (ancestor.type === "NewExpression" || ancestor.type === "CallExpression") &&
          ((ancestor.callee as Node).type === "Super" || DEVELOPER_MESSAGES.has(String((ancestor.callee as { name?: string }).name))),
      );
      if (!inDeveloperMessage && /^\p{Lu}\p{Ll}+(?: \p{L}+){2,}/u.test(text)) found.push(`"${text}"`);
    }
  });
  return found;
}

describe("the catalogues", () => {
  it("hold every string a customer reads on a screen: none is written into a screen's code", () => {
    const written = files(join(ROOT, "web"), /\.tsx?$/)
      .filter((path) => !NOT_CUSTOMER_FACING.some((part) => relative(ROOT, path).includes(part)))
      .flatMap((path) => writtenIntoCode(path).map((text) => `${relative(ROOT, path)}: ${text}`));
    expect(written).toEqual([]);
  });

  it("hold every sentence of every mail: the templates write markup only", () => {
    const path = join(ROOT, "server", "mail", "templates.ts");
    const ast = parseAst(readFileSync(path, "utf8"), { lang: "ts" });
    const words: string[] = [];
    walk(ast, (node, parents) => {
      if (parents.some((ancestor) => ancestor.type === "ImportDeclaration")) return;
      if (node.type === "TemplateLiteral") {
        // The template's own text, its ${…} parts left out and its tags (with their styles) removed.
        const text = (node.quasis as { value: { cooked: string } }[])
          .map((quasi) => quasi.value.cooked)
          .join("\u0000")
          .replace(/<[^>]*>/g, " ");
        if (readable(text.replaceAll("\u0000", " "))) words.push(text);
      }
      if (node.type === "Literal" && typeof node.value === "string" && readable(node.value.replace(/<[^>]*>/g, " ")))
        words.push(node.value);
    });
    expect(words).toEqual([]);
  });

  it("word a refusal in the customer's language, keeping the English as it was thrown", () => {
    const limited = tooManyAttempts("Too many sign-in links were requested. Please wait 15 minutes and try again.", 14.5 * 60_000);
    expect(limited.messageIn("en")).toBe("Too many sign-in links were requested. Please wait 15 minutes and try again.");
    expect(limited.messageIn("de")).toBe(serverStrings("de").errors.RATE_LIMITED_WAIT(15));
    expect(limited.messageIn("de")).toContain("15 Minuten");
    expect(new AppError("NOT_SIGNED_IN").messageIn("ja")).toBe(serverStrings("ja").errors.NOT_SIGNED_IN);
    // Written for staff: the same words in every language.
    expect(new AppError("NOT_FOUND", "There is no such customer.").messageIn("fr")).toBe("There is no such customer.");
  });

  it("say which password rule is broken in the customer's language, the specification's words in English", () => {
    let refused: unknown;
    try {
      checkNewPassword("short", "other");
    } catch (error) {
      refused = error;
    }
    if (!(refused instanceof AppError)) throw new Error("a short password was not refused");
    expect(refused.messageIn("en")).toBe("New Password must be at least 8 characters long");
    expect(refused.detailsIn("en")).toEqual({
      messages: ["New Password must be at least 8 characters long", "Confirm Password must match Password"],
    });
    const german = serverStrings("de").passwordRules;
    expect(refused.messageIn("de")).toBe(german.tooShort);
    expect(refused.detailsIn("de")).toEqual({ messages: [german.tooShort, german.mismatch] });
    expect(newPasswordErrors("", "", serverStrings("ja").passwordRules)).toEqual({
      password: serverStrings("ja").passwordRules.required,
      confirmPassword: serverStrings("ja").passwordRules.confirmRequired,
    });
  });

  it("are translated: no language's catalogue is the English one again", async () => {
    const sample = (value: unknown): string[] => {
      if (typeof value === "string") return [value];
      if (typeof value === "function") {
        // Counts take a number, names and addresses a string: whichever the function reads.
        try {
          return [String(value(...Array(value.length).fill(2)))];
        } catch {
          return [String(value(...Array(value.length).fill("x")))];
        }
      }
      if (value && typeof value === "object") return Object.values(value).flatMap(sample);
      return [];
    };
    const screens = readdirSync(join(ROOT, "web", "i18n", DEFAULT_LANGUAGE))
      .filter((name) => name.endsWith(".ts"))
      .map((name) => name.slice(0, -3));
    const catalogue = async (language: string) => [
      ...sample(serverStrings(language as never)),
      ...(await Promise.all(screens.map(async (name) => sample((await import(`../web/i18n/${language}/${name}.ts`)).strings)))).flat(),
    ];
    const english = await catalogue(DEFAULT_LANGUAGE);
    for (const language of LANGUAGES.filter((other) => other !== DEFAULT_LANGUAGE)) {
      const translated = await catalogue(language);
      expect(translated.length, language).toBe(english.length);
      // Brand names, "Google", "EULA", "Email" and "Password" in languages that borrow them: a few.
      const same = translated.filter((text, index) => text === english[index] && /\p{L}{3,}/u.test(text));
      expect(same.length / english.length, `${language}: ${same.slice(0, 20).join(" | ")}`).toBeLessThan(0.1);
    }
  });
});
