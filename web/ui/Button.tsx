import type { MouseEventHandler, ReactNode } from "react";

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

/** Rounded; disabled, it shows at 55% opacity with a not-allowed cursor (web/styles.css). */
export function Button({ children, variant = "green", type = "button", disabled, onClick, ariaLabel, id, qaTag, className }: ButtonProps) {
  return (
    <button
      type={type}
      id={id}
      data-qa={qaTag}
      aria-label={ariaLabel}
      disabled={disabled}
      onClick={onClick}
      className={`button button--${variant}${className ? ` ${className}` : ""}`}
    >
      {children}
    </button>
  );
}
