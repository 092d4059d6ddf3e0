import { type InputHTMLAttributes, type ReactNode, type Ref, useId } from "react";
import { useHydrated } from "../platform/hydration.ts";

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, "id"> {
  label: string;
  error?: string | undefined;
  /** Controls drawn inside the field's box, after the input (the password field's Show toggle). */
  adornment?: ReactNode;
  inputRef?: Ref<HTMLInputElement>;
}

/** A labelled input whose error is announced and tied to the field (aria-describedby). */
export function TextField({ label, error, adornment, inputRef, className, ...input }: TextFieldProps) {
  const id = useId();
  // Until the app takes over a page rendered ahead of time, what is typed could not be kept.
  const hydrated = useHydrated();
  const errorId = `${id}-error`;
  return (
    <div className={`field${className ? ` ${className}` : ""}`}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <div className="field__box">
        <input
          ref={inputRef}
          id={id}
          className="field__input"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          {...input}
          readOnly={input.readOnly || !hydrated}
        />
        {adornment}
      </div>
      {error ? (
        <p id={errorId} className="field__error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
