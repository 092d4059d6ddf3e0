import { strings } from "@strings/account.ts";
import { type FormEvent, useRef, useState } from "react";
import { PRODUCTS, type ProductCode } from "../../../common/products.ts";
import { type MyAccount, renameMe } from "../../api/my-account.ts";
import type { Brand } from "../../platform/brand.ts";
import { Button } from "../../ui/Button.tsx";
import { TextField } from "../../ui/TextField.tsx";
import { ChangeEmail } from "./email-change/ChangeEmail.tsx";
import { day } from "./format.ts";
import { Outcome, Section } from "./Section.tsx";
import { UndeliveredEmail } from "./UndeliveredEmail.tsx";
import { useAccountAction, useFocusOnToggle } from "./use-account-action.ts";

const t = strings.account.who;

function productName(code: string): string {
  return Object.hasOwn(PRODUCTS, code) ? PRODUCTS[code as ProductCode].name : code;
}

/**
 * Who: the email (how the account is known, how to change it, and whether our mail reaches it),
 * the name it shows (editable) and its licenses.
 */
export function DetailsSection({ account, brand, refresh }: { account: MyAccount; brand: Brand; refresh: () => Promise<void> }) {
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(account.name);
  const heading = useRef<HTMLHeadingElement>(null);
  const field = useRef<HTMLInputElement>(null);
  const { outcome, submitting, act } = useAccountAction(refresh, heading);
  useFocusOnToggle(editing, () => field.current?.focus(), heading);

  function save(event: FormEvent) {
    event.preventDefault();
    act(async () => {
      await renameMe(name);
      setEditing(false);
      return t.saved;
    });
  }

  return (
    <Section heading={t.heading} headingRef={heading}>
      <dl className="account__facts">
        <dt>{t.email}</dt>
        <dd>
          <ChangeEmail
            email={account.email}
            hasPassword={account.signInMethods.password}
            brand={brand}
            changed={async (text) => {
              await act(async () => text);
            }}
          />
          {account.undelivered ? <UndeliveredEmail undelivered={account.undelivered} busy={submitting} act={act} /> : null}
        </dd>
        <dt>{t.name}</dt>
        <dd>
          {editing ? (
            <form className="account__inline-form" noValidate onSubmit={save}>
              <TextField
                label={t.name}
                name="name"
                autoComplete="name"
                maxLength={100}
                value={name}
                onChange={(event) => setName(event.target.value)}
              />
              <div className="account__actions">
                <Button type="submit" variant="blue" disabled={submitting}>
                  {t.save}
                </Button>
                <Button
                  variant="clear"
                  onClick={() => {
                    setEditing(false);
                    setName(account.name);
                  }}
                >
                  {t.cancel}
                </Button>
              </div>
            </form>
          ) : (
            <span className="account__row">
              <span>{account.name || <span className="account__muted">{t.noName}</span>}</span>
              <Button variant="link-blue" ariaLabel={t.editName} onClick={() => setEditing(true)}>
                {t.edit}
              </Button>
            </span>
          )}
        </dd>
        <dt>{t.licenses}</dt>
        <dd>
          {account.licenses.length === 0 ? (
            <span className="account__muted">{t.noLicenses}</span>
          ) : (
            <ul className="account__plain-list">
              {account.licenses.map((license) => (
                <li key={license.product}>
                  {productName(license.product)}:{" "}
                  <strong>{t.licenseSince[license.state]?.(day(license.since)) ?? t.licenseState[license.state] ?? license.state}</strong>
                </li>
              ))}
            </ul>
          )}
        </dd>
      </dl>
      <Outcome text={outcome?.text} failed={outcome?.failed ?? false} />
    </Section>
  );
}
