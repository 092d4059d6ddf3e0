import { strings } from "@strings/challenge.ts";
import "./challenge.css";

const t = strings.challenge;

export interface ChallengeDialog {
  /** Where a third party's widget is drawn; empty and hidden for a check the browser makes alone. */
  widget: HTMLElement;
  close(): void;
}

/**
 * The check's dialog: a native modal over the screen whose request asked for it, so nothing in
 * the form moves, the rest of the page is inert, and focus returns to where it was on close. It is
 * built here rather than by a screen because the HTTP layer opens it, outside any screen's React
 * tree; it takes the shared card, button and spinner styles (web/styles.css). Cancel and Escape
 * call `onCancel`.
 */
export function openChallengeDialog(kind: "working" | "widget", onCancel: () => void): ChallengeDialog {
  const dialog = document.createElement("dialog");
  dialog.className = "card challenge";
  dialog.setAttribute("aria-labelledby", "challenge-title");
  dialog.setAttribute("aria-describedby", "challenge-text");

  const title = element("h2", "card__title", t.title);
  title.id = "challenge-title";
  // Polite: read once the dialog's name has been, and again should the line change.
  const status = element("div", "challenge__status");
  status.setAttribute("role", "status");
  const text = element("p", "", kind === "working" ? t.working : t.widget);
  text.id = "challenge-text";
  status.append(text);
  if (kind === "working") {
    const spinner = element("span", "spinner");
    spinner.setAttribute("role", "progressbar");
    spinner.setAttribute("aria-label", t.progress);
    status.append(spinner);
  }
  const widget = element("div", "challenge__widget");
  // hCaptcha draws its puzzle here rather than on the page behind the modal, where nobody could reach it.
  widget.id = "challenge-widget";
  const cancel = element("button", "button button--clear button--wide", t.cancel);
  cancel.type = "button";
  // Once, however the customer ends it: the button, Escape (cancel), or the browser closing the
  // dialog on its own (a close watcher may close it without a cancel event).
  let ended = false;
  const end = () => {
    if (ended) return;
    ended = true;
    onCancel();
  };
  cancel.addEventListener("click", end);
  dialog.addEventListener("cancel", end);
  dialog.addEventListener("close", end);

  dialog.append(title, status, widget, cancel);
  document.body.append(dialog);
  dialog.showModal();
  return {
    widget,
    close() {
      ended = true;
      dialog.close();
      dialog.remove();
    },
  };
}

function element<Tag extends keyof HTMLElementTagNameMap>(tag: Tag, className: string, text?: string): HTMLElementTagNameMap[Tag] {
  const made = document.createElement(tag);
  if (className) made.className = className;
  if (text !== undefined) made.textContent = text;
  return made;
}
