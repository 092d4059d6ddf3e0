/**
 * What an authorization request may weigh. The provider stores every request that needs a sign-in
 * (an Interaction, kept an hour) with all its parameters, before anyone has signed in: without a
 * bound, anyone could fill the disk with long `state`s. A real client's parameters are a few
 * hundred bytes; these bounds leave them room many times over.
 */
const AUTHORIZATION_BOUNDS = {
  /** The whole request line's path and query, and a POSTed form. */
  requestBytes: 8192,
  /** Any one parameter not named below. */
  parameterChars: 2048,
  perParameter: {
    state: 1024,
    nonce: 1024,
    /** An email address is at most 254 characters. */
    login_hint: 320,
    code_challenge: 128,
    client_id: 128,
    ui_locales: 128,
    acr_values: 256,
    scope: 512,
    prompt: 64,
    max_age: 16,
  } as Readonly<Record<string, number>>,
} as const;

/**
 * Why an authorization request is refused before the provider sees it, in the words of an OAuth
 * `invalid_request` description, or undefined when it is within bounds.
 */
export function authorizationRequestProblem(pathAndQuery: string, contentLength: number | undefined): string | undefined {
  if (Buffer.byteLength(pathAndQuery) > AUTHORIZATION_BOUNDS.requestBytes || (contentLength ?? 0) > AUTHORIZATION_BOUNDS.requestBytes) {
    return `the authorization request is too long (at most ${AUTHORIZATION_BOUNDS.requestBytes} bytes)`;
  }
  const query = pathAndQuery.indexOf("?");
  if (query === -1) return undefined;
  for (const [name, value] of new URLSearchParams(pathAndQuery.slice(query + 1))) {
    const { perParameter, parameterChars } = AUTHORIZATION_BOUNDS;
    const limit = Object.hasOwn(perParameter, name) ? (perParameter[name] as number) : parameterChars;
    if (value.length > limit) return `the ${name.slice(0, 40)} parameter is too long (at most ${limit} characters)`;
  }
  return undefined;
}
