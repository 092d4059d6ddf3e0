import type { MouseEventHandler, ReactNode } from "react";
import { useHydrated } from "../platform/hydration.ts";

/** The shared button's style variants (SPEC section 9). */
export type ButtonVariant =
  | "green"
  | "blue"
  | "clear"
  | "gray"
  | "gray-borderless"
  | "transparent-white"
  | "link-white"
  | "link-gray"
  | "link-blue";

export interface ButtonProps {
  children: ReactNode;
  variant?: ButtonVariant;
  type?: "button" | "submit" | "reset";
  disabled?: boolean;
  onClick?: MouseEventHandler<HTMLButtonElement>;
  ariaLabel?: string;
  id?: string;
  /** The QA tag automated checks find the button by. */
  qaTag?: string;
  className?: string;
}

/**
 * Rounded; disabled, it shows at 55% opacity with a not-allowed cursor (web/styles.css). It is
 * disabled, too, until the app has taken over a page rendered ahead of time (platform/hydration.ts).
 */
export function Button({ children, variant = "green", type = "button", disabled, onClick, ariaLabel, id, qaTag, className }: ButtonProps) {
  const hydrated = useHydrated();
  return (
    <button
      type={type}
      id={id}
      data-qa={qaTag}
      aria-label={ariaLabel}
      disabled={disabled || !hydrated}
      onClick={onClick}
      className={`button button--${variant}${className ? ` ${className}` : ""}`}
    >
      {children}
    </button>
  );
}
