import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { CHALLENGE_FAILED, CHALLENGE_PROOF_HEADER, CHALLENGE_REQUIRED, type ChallengeAsked } from "../../common/challenge.ts";

/**
 * How the HTTP layer answers a refusal asking for a human check (decision 93), read from the fetch
 * calls themselves: the check (its dialog stood in for here) is proved once per refusal and the
 * same request sent again with the proof, until it is accepted or a proof is refused twice.
 */
const prove = vi.fn<(asked: ChallengeAsked, signal?: AbortSignal) => Promise<string>>();

const ASKED: ChallengeAsked = {
  provider: "pow",
  challenge: { parameters: { algorithm: "SHA-256", nonce: "00", salt: "00", cost: 1, keyLength: 32, keyPrefix: "00" } },
};

const refusal = (status: number, code: string) =>
  new Response(JSON.stringify({ code, message: "Confirm that you are a person.", challenge: ASKED }), {
    status,
    headers: { "content-type": "application/json" },
  });
const ok = () => new Response(JSON.stringify({ sent: true }), { status: 200, headers: { "content-type": "application/json" } });

let answers: (() => Response)[];
let sent: RequestInit[];

beforeEach(() => {
  sent = [];
  answers = [];
  let proofs = 0;
  prove.mockReset().mockImplementation(async () => `proof-${++proofs}`);
  vi.stubGlobal("location", { origin: "https://accounts.example", search: "" });
  vi.stubGlobal(
    "fetch",
    vi.fn(async (_url: URL, init: RequestInit) => {
      sent.push(init);
      const answer = answers.shift();
      if (!answer) throw new Error("no answer left");
      return answer();
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.resetModules();
});

/** The layer, with the stand-in dialog given as the app gives its own. */
async function http() {
  const layer = await import("./http.ts");
  layer.answerChallengesWith(async () => prove);
  return layer;
}

const proofSent = (call: RequestInit | undefined) => new Headers(call?.headers).get(CHALLENGE_PROOF_HEADER);

describe("a request asked for a human check", () => {
  it("is proved and sent again, the same, with the proof in its header", async () => {
    const { send } = await http();
    answers = [() => refusal(428, CHALLENGE_REQUIRED), ok];
    const answer = await send("POST", "/api/access-link", { email: "a@example.com", ProductId: 1 });
    expect(answer.data).toEqual({ sent: true });
    expect(prove).toHaveBeenCalledOnce();
    expect(prove.mock.calls[0]?.[0]).toEqual(ASKED);
    expect(sent).toHaveLength(2);
    expect(proofSent(sent[0])).toBeNull();
    expect(proofSent(sent[1])).toBe("proof-1");
    expect(sent[1]?.body).toBe(sent[0]?.body);
  });

  it("a form-encoded request of the earlier area is sent again form-encoded", async () => {
    const { send } = await http();
    answers = [() => refusal(428, CHALLENGE_REQUIRED), ok];
    await send("POST", "/api/account/login", { Email: "a@example.com" }, { form: true, headers: { "x-kept": "1" } });
    expect(new Headers(sent[1]?.headers).get("content-type")).toBe("application/x-www-form-urlencoded");
    expect(new Headers(sent[1]?.headers).get("x-kept")).toBe("1");
    expect(sent[1]?.body).toBe("Email=a%40example.com");
  });

  it("a proof refused once is proved again with the fresh challenge", async () => {
    const { send } = await http();
    answers = [() => refusal(428, CHALLENGE_REQUIRED), () => refusal(403, CHALLENGE_FAILED), ok];
    await send("POST", "/api/access-link", {});
    expect(prove).toHaveBeenCalledTimes(2);
    expect(sent.map(proofSent)).toEqual([null, "proof-1", "proof-2"]);
  });

  it("a proof refused twice ends the call with the refusal", async () => {
    const { send, HttpError } = await http();
    answers = [() => refusal(428, CHALLENGE_REQUIRED), () => refusal(403, CHALLENGE_FAILED), () => refusal(403, CHALLENGE_FAILED), ok];
    const failure = await send("POST", "/api/access-link", {}).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(HttpError);
    expect(failure).toMatchObject({ status: 403, code: CHALLENGE_FAILED, customerMessage: "Confirm that you are a person." });
    expect(sent).toHaveLength(3);
    expect(prove).toHaveBeenCalledTimes(2);
  });

  it("never asks for more than a few proofs", async () => {
    const { send } = await http();
    answers = Array.from({ length: 10 }, () => () => refusal(428, CHALLENGE_REQUIRED));
    await expect(send("POST", "/api/access-link", {})).rejects.toMatchObject({ code: CHALLENGE_REQUIRED });
    expect(sent).toHaveLength(4);
  });

  it("a call that opts out shows no check and fails with the refusal", async () => {
    const { send } = await http();
    answers = [() => refusal(428, CHALLENGE_REQUIRED), ok];
    await expect(send("POST", "/api/passkey/sign-in/options", {}, { withoutChallenge: true })).rejects.toMatchObject({
      status: 428,
      code: CHALLENGE_REQUIRED,
    });
    expect(prove).not.toHaveBeenCalled();
    expect(sent).toHaveLength(1);
  });

  it("a page that gave no way to prove it (a program) fails with the refusal", async () => {
    const { send } = await import("./http.ts");
    answers = [() => refusal(428, CHALLENGE_REQUIRED), ok];
    await expect(send("POST", "/api/access-link", {})).rejects.toMatchObject({ status: 428, code: CHALLENGE_REQUIRED });
    expect(sent).toHaveLength(1);
  });

  it("a check whose code does not arrive fails as a call with no answer", async () => {
    const layer = await import("./http.ts");
    layer.answerChallengesWith(() => Promise.reject(new TypeError("Failed to fetch dynamically imported module")));
    answers = [() => refusal(428, CHALLENGE_REQUIRED), ok];
    await expect(layer.send("POST", "/api/access-link", {})).rejects.toMatchObject({ status: 0, code: "ERR_NETWORK" });
    expect(sent).toHaveLength(1);
  });

  it("a refusal that names no challenge is an ordinary failure", async () => {
    const { send } = await http();
    answers = [() => new Response(JSON.stringify({ code: CHALLENGE_REQUIRED, message: "No." }), { status: 428 })];
    await expect(send("POST", "/api/access-link", {})).rejects.toMatchObject({ status: 428 });
    expect(prove).not.toHaveBeenCalled();
  });

  it("a check that ends without a proof ends the call with its error, sending nothing again", async () => {
    const { send, HttpError, CHALLENGE_CANCELLED } = await http();
    prove.mockRejectedValueOnce(new HttpError(0, CHALLENGE_CANCELLED, "The check was cancelled."));
    answers = [() => refusal(428, CHALLENGE_REQUIRED), ok];
    const failure = await send("POST", "/api/access-link", {}).catch((error: unknown) => error);
    expect(failure).toMatchObject({ code: CHALLENGE_CANCELLED, customerMessage: "The check was cancelled." });
    expect(sent).toHaveLength(1);
  });
});

describe("the passkey autofill", () => {
  it("asks for its options without a check", async () => {
    await http();
    const { signInWithPasskey } = await import("../platform/passkey-client.ts");
    answers = [() => refusal(428, CHALLENGE_REQUIRED)];
    const outcome = await signInWithPasskey(true, 1, null);
    expect(outcome).toMatchObject({ kind: "failed", afterChoice: false });
    expect(prove).not.toHaveBeenCalled();
  });

  it("the button's request is proved", async () => {
    await http();
    const { signInWithPasskey } = await import("../platform/passkey-client.ts");
    answers = [() => refusal(428, CHALLENGE_REQUIRED), () => new Response("not json", { status: 500 })];
    await signInWithPasskey(false, 1, null);
    expect(prove).toHaveBeenCalledOnce();
  });
});
