import type { FastifyReply, FastifyRequest } from "fastify";
import { email as emailField } from "../../common/api/fields.ts";
import type { Brand } from "../../common/brands/index.ts";
import { CHALLENGE_REQUIRED } from "../../common/challenge.ts";
import { type LinkProblem, linkProblemOf } from "../../common/link-problems.ts";
import { NO_SCRIPT_PLACEHOLDER, type NoScriptScreen, type NoScriptScreens } from "../../common/no-script.ts";
import { getParamIgnoringCase } from "../../common/query.ts";
import { requestAccessLink, signInWithAccessLink } from "../auth/access-link/access-links.ts";
import type { AppContext } from "../base/context.ts";
import { AppError } from "../base/errors.ts";
import { escapeHtml } from "../base/escape-html.ts";
import { callerOf } from "../http/caller.ts";
import { requestLanguage } from "../http/language.ts";
import { looksLikeSecret } from "../secrets/tokens.ts";

/** What a plain form post (a browser without JavaScript) can ask of a screen's own address. */
export type NoScriptForm = "emailLogin" | "accessLink";

/** A no-JavaScript screen with its placeholders filled, escaped (what a customer typed included). */
export function fillNoScript(markup: string, values: Partial<Record<keyof typeof NO_SCRIPT_PLACEHOLDER, string>>): string {
  let filled = markup;
  for (const [name, value] of Object.entries(values)) {
    filled = filled.replaceAll(NO_SCRIPT_PLACEHOLDER[name as keyof typeof NO_SCRIPT_PLACEHOLDER], escapeHtml(value));
  }
  return filled;
}

/** The access-link page's no-JavaScript screen for each problem a link can have. */
const LINK_PROBLEM_SCREENS: Record<LinkProblem, NoScriptScreen> = {
  used: "accessLinkUsed",
  expired: "accessLinkExpired",
  unknown: "accessLinkUnknown",
};

/**
 * The answers to the two plain form posts that work without JavaScript (decision 50): the email
 * sign-in asks for an access link, and the access link's page spends its link. They run the same
 * code as the app's API calls, with its rate limits, and the server's same-origin check on every
 * post applies to them. `send` answers with a no-JavaScript screen of the brand.
 */
export function answerNoScriptForm(
  { db, config, mailWorker }: AppContext,
  screensFor: (request: FastifyRequest) => Promise<NoScriptScreens>,
  sendPage: (request: FastifyRequest, reply: FastifyReply, brand: Brand, markup: string) => Promise<FastifyReply>,
) {
  return async (request: FastifyRequest, reply: FastifyReply, brand: Brand, form: NoScriptForm): Promise<FastifyReply> => {
    // The screens in the request's language.
    const screens = await screensFor(request);
    const screen = (name: NoScriptScreen) => screens[brand.id]?.[name] ?? "";
    const send = (answer: FastifyReply, sentBrand: Brand, markup: string) => sendPage(request, answer, sentBrand, markup);
    const search = request.url.includes("?") ? request.url.slice(request.url.indexOf("?")) : "";
    reply.header("cache-control", "no-store");

    if (form === "accessLink") {
      const token = getParamIgnoringCase(search, "token") ?? "";
      if (!looksLikeSecret(token)) return send(reply.code(400), brand, screen("accessLinkUnknown"));
      try {
        const { redirectUrl } = await signInWithAccessLink(db, config, callerOf(request, reply), token);
        return reply.code(303).header("location", redirectUrl).send();
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        const problem = linkProblemOf(error.code);
        return send(reply.code(error.status).headers(error.headers), brand, screen(problem ? LINK_PROBLEM_SCREENS[problem] : "accessLink"));
      }
    }

    // A captcha cannot be solved without JavaScript: the page says so rather than fail the check.
    if (config.challenge.thirdParty?.provider === "recaptcha") return send(reply, brand, screen("needsJavaScript"));
    const body = (request.body ?? {}) as Record<string, unknown>;
    const typed = typeof body.email === "string" ? body.email : "";
    if (typed.trim() === "") return send(reply.code(400), brand, screen("loginEmailRequired"));
    const parsed = emailField.safeParse(typed);
    if (!parsed.success) return send(reply.code(400), brand, screen("loginEmailInvalid"));
    try {
      const answer = await requestAccessLink(db, config, {
        email: parsed.data,
        productId: brand.productId,
        returnUrl: getParamIgnoringCase(search, "returnurl") ?? undefined,
        caller: callerOf(request, reply),
      });
      if (answer.isOk) {
        mailWorker.deliverNow();
        return send(reply, brand, fillNoScript(screen("checkEmail"), { email: parsed.data }));
      }
      if (answer.isExistingDesktopUser)
        return reply
          .code(303)
          .header("location", `${answer.redirectUrl}${encodeURIComponent(parsed.data)}`)
          .send();
      return send(reply, brand, fillNoScript(screen("accountNotFound"), { email: parsed.data, retry: request.url }));
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      // Asked for a human check (decision 93), which runs in JavaScript: the page says so.
      if (error.code === CHALLENGE_REQUIRED) return send(reply.code(error.status), brand, screen("needsJavaScript"));
      return send(
        reply.code(error.status).headers(error.headers),
        brand,
        fillNoScript(screen("loginWithError"), { error: error.messageIn(requestLanguage(request)) }),
      );
    }
  };
}
