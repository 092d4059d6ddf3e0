import { strings } from "@strings/shared.ts";
import { canMakePasskey } from "../platform/after-sign-in.ts";
import type { Brand } from "../platform/brand.ts";
import { config } from "../platform/config.ts";
import { leaveTo } from "../platform/router.ts";
import { Button } from "./Button.tsx";

/**
 * "Continue with Google" and the "Or" divider (unless `divider` is false: among other ways in),
 * only when Google sign-in is configured. The browser goes to /external/login with the provider,
 * the brand's product and the page's whole query.
 */
export function GoogleSignIn({ brand, search, divider = true }: { brand: Brand; search: string; divider?: boolean }) {
  if (!config.googleSignIn) return null;
  const params = new URLSearchParams(search);
  params.set("provider", "Google");
  params.set("product", brand.id);
  return (
    <>
      <Button
        variant="clear"
        className="button--wide"
        onClick={async () => {
          // Back from Google, a device that can make a passkey is offered one (decision 59).
          if (await canMakePasskey()) params.set("passkeyOffer", "1");
          leaveTo(`/external/login?${params.toString()}`);
        }}
      >
        {/* Google's mark, as its sign-in branding asks; a file, so it costs the script nothing. */}
        <img className="button__icon" src="/brand/google.svg" alt="" width={18} height={18} />
        {strings.login.continueWithGoogle}
      </Button>
      {divider ? (
        <p className="divider">
          <span>{strings.login.or}</span>
        </p>
      ) : null}
    </>
  );
}
