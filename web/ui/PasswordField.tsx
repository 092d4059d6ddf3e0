import { type InputHTMLAttributes, useState } from "react";
import { en } from "../i18n/en.ts";
import { TextField } from "./TextField.tsx";

interface PasswordFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, "id" | "type"> {
  label: string;
  error?: string | undefined;
}

/** A password input with a Show toggle that switches between masked and plain text. */
export function PasswordField(props: PasswordFieldProps) {
  const [plain, setPlain] = useState(false);
  return (
    <TextField
      {...props}
      type={plain ? "text" : "password"}
      autoCapitalize="off"
      spellCheck={false}
      adornment={
        <button
          type="button"
          className="field__toggle"
          aria-pressed={plain}
          aria-label={`${plain ? en.fields.hide : en.fields.show} ${props.label.toLowerCase()}`}
          onClick={() => setPlain((shown) => !shown)}
        >
          {plain ? en.fields.hide : en.fields.show}
        </button>
      }
    />
  );
}
