import { strings } from "@strings/shared.ts";
import { type InputHTMLAttributes, useState } from "react";
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
          aria-label={plain ? strings.fields.hideField(props.label) : strings.fields.showField(props.label)}
          onClick={() => setPlain((shown) => !shown)}
        >
          {plain ? strings.fields.hide : strings.fields.show}
        </button>
      }
    />
  );
}
