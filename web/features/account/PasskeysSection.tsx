import { strings } from "@strings/account.ts";
import { type FormEvent, useRef, useState } from "react";
import { HttpError } from "../../api/http.ts";
import type { MyAccount } from "../../api/my-account.ts";
import { removePasskey, renamePasskey } from "../../api/passkeys.ts";
import type { Brand } from "../../platform/brand.ts";
import { passkeysUsableHere } from "../../platform/passkey-support.ts";
import { Button } from "../../ui/Button.tsx";
import { TextField } from "../../ui/TextField.tsx";
import { ConfirmItsYou } from "./ConfirmItsYou.tsx";
import { dateTime } from "./format.ts";
import { ItemText, Outcome, Section } from "./Section.tsx";
import { useAccountAction } from "./use-account-action.ts";

const t = strings.account.passkeys;

type Passkey = MyAccount["passkeys"][number];

/**
 * The customer's passkeys (docs/decisions/0059-passkeys.md): each with its name, when it was made
 * and last used; add one (in a browser with WebAuthn), rename or remove one. Removing the last one
 * is allowed: the emailed link always remains.
 */
export function PasskeysSection({ account, brand, refresh }: { account: MyAccount; brand: Brand; refresh: () => Promise<void> }) {
  const [renaming, setRenaming] = useState<{ id: string; name: string }>();
  // A removed passkey's row is gone with the focus it had: the heading takes it.
  const heading = useRef<HTMLHeadingElement>(null);
  const { outcome, submitting, act } = useAccountAction(refresh, heading);
  const webAuthn = passkeysUsableHere();

  // A sign-in older than 10 minutes confirms it is the owner first, in place; then the prompt.
  const [confirming, setConfirming] = useState(false);
  const add = () =>
    act(async () => {
      const { makePasskey } = await import("../../platform/passkey-client.ts");
      try {
        // Cancelled: nothing to say.
        return (await makePasskey(brand.productId)) ? t.added : undefined;
      } catch (failure) {
        if (!(failure instanceof HttpError && failure.code === "RECENT_SIGN_IN_REQUIRED")) throw failure;
        setConfirming(true);
        return undefined;
      }
    });

  function saveName(event: FormEvent) {
    event.preventDefault();
    if (!renaming) return;
    const { id, name } = renaming;
    act(async () => {
      await renamePasskey(id, name);
      setRenaming(undefined);
      return t.renamed;
    });
  }

  const details = (passkey: Passkey) => [
    t.created(dateTime(passkey.createdAt)),
    passkey.lastUsedAt === null ? t.neverUsed : t.lastUsed(dateTime(passkey.lastUsedAt)),
    passkey.synced ? t.synced : undefined,
  ];

  return (
    <Section heading={t.heading} headingRef={heading}>
      <p className="hint">{t.text}</p>
      {account.passkeys.length === 0 ? <p className="hint">{t.none}</p> : null}
      <ul className="account__list">
        {account.passkeys.map((passkey) =>
          renaming?.id === passkey.id ? (
            <li key={passkey.id}>
              <form className="form account__rename" noValidate onSubmit={saveName}>
                <TextField
                  label={t.nameLabel}
                  value={renaming.name}
                  maxLength={64}
                  onChange={(event) => setRenaming({ id: passkey.id, name: event.target.value })}
                />
                <Button type="submit" variant="green" disabled={submitting || renaming.name.trim() === ""}>
                  {t.save}
                </Button>
                <Button variant="link-blue" onClick={() => setRenaming(undefined)}>
                  {t.cancel}
                </Button>
              </form>
            </li>
          ) : (
            <li key={passkey.id}>
              <ItemText
                title={
                  <>
                    {passkey.icon ? <ProviderIcon icon={passkey.icon} /> : null}
                    {passkey.name}
                    {passkey.thisBrowser ? <span className="account__badge">{t.thisBrowser}</span> : null}
                  </>
                }
                detail={details(passkey)}
              />
              <Button
                variant="clear"
                disabled={submitting}
                ariaLabel={t.renameNamed(passkey.name)}
                onClick={() => setRenaming({ id: passkey.id, name: passkey.name })}
              >
                {t.rename}
              </Button>
              <Button
                variant="clear"
                disabled={submitting}
                ariaLabel={t.removeNamed(passkey.name)}
                onClick={() =>
                  act(async () => {
                    await removePasskey(passkey.id);
                    return t.removed(passkey.name);
                  })
                }
              >
                {t.remove}
              </Button>
            </li>
          ),
        )}
      </ul>
      {webAuthn && confirming ? (
        <ConfirmItsYou
          purpose="passkey"
          email={account.email}
          hasPassword={account.signInMethods.password}
          brand={brand}
          confirmed={() => {
            setConfirming(false);
            add();
          }}
          cancel={() => setConfirming(false)}
        />
      ) : null}
      {webAuthn && !confirming ? (
        <Button variant="blue" disabled={submitting} onClick={add} qaTag="passkey-add">
          {t.add}
        </Button>
      ) : null}
      <Outcome text={outcome?.text} failed={outcome?.failed ?? false} />
    </Section>
  );
}

/**
 * The provider's own mark beside its name (docs/decisions/0088): its light or its dark version by
 * the page's theme. Decorative: the name beside it says the same.
 */
function ProviderIcon({ icon }: { icon: { light: string; dark: string } }) {
  return (
    <>
      <img className="passkey-icon passkey-icon--light" src={icon.light} alt="" width={20} height={20} />
      <img className="passkey-icon passkey-icon--dark" src={icon.dark} alt="" width={20} height={20} />
    </>
  );
}
