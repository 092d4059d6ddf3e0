import { en } from "../i18n/en.ts";
import { CloseIcon } from "./icons.tsx";

/** The close icon in a card's corner. */
export function CloseButton({ onClick }: { onClick: () => void }) {
  return (
    <button type="button" className="close-button" aria-label={en.fields.close} onClick={onClick}>
      <CloseIcon />
    </button>
  );
}
