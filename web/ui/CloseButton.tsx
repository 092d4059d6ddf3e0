import { strings } from "@strings/shared.ts";
import { CloseIcon } from "./icons.tsx";
import { QueryAnchor } from "./Link.tsx";

/**
 * The close icon in a card's corner: it leaves for another site, so it is a link to it. Its address
 * carries the query, so on a screen rendered ahead of time it waits for the app (ui/Link.tsx).
 */
export function CloseButton({ href }: { href: string }) {
  return (
    <QueryAnchor className="close-button" aria-label={strings.fields.close} href={href}>
      <CloseIcon />
    </QueryAnchor>
  );
}
