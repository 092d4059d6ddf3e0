import { createHash, createSign, generateKeyPairSync, type KeyObject, randomBytes } from "node:crypto";
import { isoCBOR } from "@simplewebauthn/server/helpers";

/**
 * A software passkey authenticator for tests that run without a browser: it makes discoverable
 * credentials (ES256, attestation "none", user verified) and signs assertions, as a platform
 * authenticator would, for an origin and relying-party ID of the test's choosing.
 */

const b64url = (bytes: Uint8Array | Buffer) => Buffer.from(bytes).toString("base64url");
const sha256 = (data: Uint8Array | string) => createHash("sha256").update(data).digest();

export interface SoftCredential {
  id: string;
  privateKey: KeyObject;
  userHandle: string;
  signCount: number;
}

interface CreationOptions {
  challenge: string;
  rp: { id?: string };
  user: { id: string };
}

interface RequestOptions {
  challenge: string;
  rpId?: string;
}

const FLAGS = { up: 0x01, uv: 0x04, at: 0x40 };

function authenticatorData(rpId: string, flags: number, signCount: number, attested?: Buffer): Buffer {
  const count = Buffer.alloc(4);
  count.writeUInt32BE(signCount);
  return Buffer.concat([sha256(rpId), Buffer.from([flags]), count, ...(attested ? [attested] : [])]);
}

export class SoftAuthenticator {
  readonly credentials: SoftCredential[] = [];
  readonly origin: string;
  constructor(origin: string) {
    this.origin = origin;
  }

  /**
   * navigator.credentials.create, answered as @simplewebauthn/browser's startRegistration answers.
   * `quiet`: as a password manager answers a conditional create, with no user present or verified.
   * `aaguid`: the authenticator's model (a UUID), all zeros unless named.
   */
  create(
    options: CreationOptions,
    { origin = this.origin, quiet = false, aaguid }: { origin?: string; quiet?: boolean; aaguid?: string } = {},
  ) {
    const rpId = options.rp.id ?? new URL(origin).hostname;
    const { privateKey, publicKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
    const jwk = publicKey.export({ format: "jwk" });
    const cose = new Map<number, number | Uint8Array>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, Buffer.from(jwk.x as string, "base64url")],
      [-3, Buffer.from(jwk.y as string, "base64url")],
    ]);
    const id = randomBytes(16);
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(id.length);
    const model = aaguid ? Buffer.from(aaguid.replaceAll("-", ""), "hex") : Buffer.alloc(16);
    const attested = Buffer.concat([model, idLength, id, Buffer.from(isoCBOR.encode(cose))]);
    const authData = authenticatorData(rpId, (quiet ? 0 : FLAGS.up | FLAGS.uv) | FLAGS.at, 0, attested);
    const attestationObject = isoCBOR.encode(
      new Map<string, unknown>([
        ["fmt", "none"],
        ["attStmt", new Map()],
        ["authData", authData],
      ]) as never,
    );
    const clientDataJSON = Buffer.from(
      JSON.stringify({ type: "webauthn.create", challenge: options.challenge, origin, crossOrigin: false }),
    );
    this.credentials.push({ id: b64url(id), privateKey, userHandle: options.user.id, signCount: 0 });
    return {
      id: b64url(id),
      rawId: b64url(id),
      type: "public-key" as const,
      authenticatorAttachment: "platform" as const,
      clientExtensionResults: {},
      response: { clientDataJSON: b64url(clientDataJSON), attestationObject: b64url(attestationObject), transports: ["internal"] },
    };
  }

  /** navigator.credentials.get with one of its credentials (the newest unless named). */
  get(
    options: RequestOptions,
    {
      origin = this.origin,
      credential = this.credentials.at(-1),
      signCount,
      userVerified = true,
    }: { origin?: string; credential?: SoftCredential; signCount?: number; userVerified?: boolean } = {},
  ) {
    if (!credential) throw new Error("no credential");
    const rpId = options.rpId ?? new URL(origin).hostname;
    credential.signCount = signCount ?? credential.signCount + 1;
    const authData = authenticatorData(rpId, FLAGS.up | (userVerified ? FLAGS.uv : 0), credential.signCount);
    const clientDataJSON = Buffer.from(JSON.stringify({ type: "webauthn.get", challenge: options.challenge, origin, crossOrigin: false }));
    const signature = createSign("sha256")
      .update(Buffer.concat([authData, sha256(clientDataJSON)]))
      .sign(credential.privateKey);
    return {
      id: credential.id,
      rawId: credential.id,
      type: "public-key" as const,
      authenticatorAttachment: "platform" as const,
      clientExtensionResults: {},
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
        userHandle: credential.userHandle,
      },
    };
  }
}
