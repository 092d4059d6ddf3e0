/** A form's error under its fields, announced as it appears; nothing when there is none. */
export function FormError({ message, id }: { message: string | undefined; id?: string }) {
  return message ? (
    <p id={id} className="form__error" role="alert">
      {message}
    </p>
  ) : null;
}
