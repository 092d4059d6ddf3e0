/**
 * What a refused emailed link means for the customer, from the error code the server answers with:
 * the same three states for an access link, a reset link and an account deletion link, on every
 * screen that shows them (the app's link pages and their no-JavaScript versions).
 */
export type LinkProblem = "used" | "expired" | "unknown";

const LINK_PROBLEMS: Readonly<Record<string, LinkProblem>> = {
  LINK_USED: "used",
  LINK_EXPIRED: "expired",
  LINK_UNKNOWN: "unknown",
  RESET_LINK_USED: "used",
  RESET_LINK_EXPIRED: "expired",
  RESET_LINK_UNKNOWN: "unknown",
  DELETION_LINK_USED: "used",
  DELETION_LINK_EXPIRED: "expired",
  DELETION_LINK_UNKNOWN: "unknown",
};

/** The link's problem for an error code, or undefined when the refusal is not about the link. */
export function linkProblemOf(code: string | undefined): LinkProblem | undefined {
  return code !== undefined && Object.hasOwn(LINK_PROBLEMS, code) ? LINK_PROBLEMS[code] : undefined;
}
