import type { PasskeyUser } from "../../common/api/contract.ts";

/**
 * The WebAuthn Signal API (docs/decisions/0085): telling the browser's passkey provider what the
 * account holds, so a removed passkey leaves the customer's devices and the picker shows the
 * current email and name. Called on the browser's own methods: @simplewebauthn/browser's
 * sendSignal throws where a method is missing and would load the library for three calls. A
 * browser without them, or one that refuses, changes nothing and shows nothing.
 */

interface SignalMethods {
  signalUnknownCredential?: (options: { rpId: string; credentialId: string }) => Promise<void>;
  signalAllAcceptedCredentials?: (options: { rpId: string; userId: string; allAcceptedCredentialIds: string[] }) => Promise<void>;
  signalCurrentUserDetails?: (options: { rpId: string; userId: string; name: string; displayName: string }) => Promise<void>;
}

function signal<Name extends keyof SignalMethods>(name: Name, options: Parameters<NonNullable<SignalMethods[Name]>>[0]): Promise<void> {
  const methods = (typeof PublicKeyCredential === "function" ? PublicKeyCredential : {}) as SignalMethods;
  const method = methods[name] as ((options: unknown) => Promise<void>) | undefined;
  if (typeof method !== "function") return Promise.resolve();
  try {
    return method.call(methods, options).catch(() => undefined);
  } catch {
    return Promise.resolve();
  }
}

/** The server knows no such passkey (removed, or its account gone): the provider drops it. */
export const signalUnknownPasskey = (rpId: string, credentialId: string) => signal("signalUnknownCredential", { rpId, credentialId });

/**
 * The account's passkeys as they are now: any other of its passkeys leaves the provider, and the
 * remaining ones show the current email and name.
 */
export async function signalPasskeyUser(user: PasskeyUser | null | undefined): Promise<void> {
  if (!user) return;
  const { rpId, userId, name, displayName, credentialIds } = user;
  await Promise.all([
    signal("signalAllAcceptedCredentials", { rpId, userId, allAcceptedCredentialIds: credentialIds }),
    signal("signalCurrentUserDetails", { rpId, userId, name, displayName }),
  ]);
}
