import { en } from "../i18n/en.ts";
import { CloseIcon } from "./icons.tsx";

/** The close icon in a card's corner: it leaves for another site, so it is a link to it. */
export function CloseButton({ href }: { href: string }) {
  return (
    <a className="close-button" aria-label={en.fields.close} href={href}>
      <CloseIcon />
    </a>
  );
}
