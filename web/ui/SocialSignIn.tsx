import { strings } from "@strings/shared.ts";
import { canMakePasskey } from "../platform/after-sign-in.ts";
import type { Brand } from "../platform/brand.ts";
import { config } from "../platform/config.ts";
import { leaveTo } from "../platform/router.ts";
import { Button } from "./Button.tsx";

/** Whether any social sign-in is offered here (the email field is then labelled "Use another email"). */
export const socialSignInOffered = () => config.googleSignIn || config.microsoftSignIn;

/**
 * "Continue with Google", "Continue with Microsoft" and the "Or" divider (unless `divider` is false:
 * among other ways in), each button only when its provider is configured. The browser goes to the
 * provider's start address with the brand's product and the page's whole query.
 */
export function SocialSignIn({ brand, search, divider = true }: { brand: Brand; search: string; divider?: boolean }) {
  if (!socialSignInOffered()) return null;
  const start = async (path: string, provider?: string) => {
    const params = new URLSearchParams(search);
    if (provider) params.set("provider", provider);
    params.set("product", brand.id);
    // Back from the provider, a device that can make a passkey is offered one (decision 59).
    if (await canMakePasskey()) params.set("passkeyOffer", "1");
    leaveTo(`${path}?${params.toString()}`);
  };
  return (
    <>
      {config.googleSignIn ? (
        <Button variant="clear" className="button--wide" onClick={() => start("/external/login", "Google")}>
          {/* Google's mark, as its sign-in branding asks; a file, so it costs the script nothing. */}
          <img className="button__icon" src="/brand/google.svg" alt="" width={18} height={18} />
          {strings.login.continueWithGoogle}
        </Button>
      ) : null}
      {config.microsoftSignIn ? (
        <Button variant="clear" className="button--wide" onClick={() => start("/external/login/microsoft")}>
          <MicrosoftMark />
          {strings.login.continueWithMicrosoft}
        </Button>
      ) : null}
      {divider ? (
        <p className="divider">
          <span>{strings.login.or}</span>
        </p>
      ) : null}
    </>
  );
}

/** Microsoft's four squares, in its own colours, as its sign-in branding asks. */
function MicrosoftMark() {
  return (
    <svg className="button__icon" width={18} height={18} viewBox="0 0 21 21" aria-hidden="true" focusable="false">
      <path fill="#f25022" d="M1 1h9v9H1z" />
      <path fill="#7fba00" d="M11 1h9v9h-9z" />
      <path fill="#00a4ef" d="M1 11h9v9H1z" />
      <path fill="#ffb900" d="M11 11h9v9h-9z" />
    </svg>
  );
}
