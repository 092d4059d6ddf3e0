import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { API } from "../../common/api/contract.ts";
import { APPROVAL_ANSWERS, newApprovalNumber } from "../../server/auth/access-link/approval-digits.ts";
import { createAccount } from "../../server/auth/kernel/accounts.ts";
import { drainMail, tokenFromMail } from "../support/app.ts";
import { BrowserAgent } from "../support/browser-agent.ts";
import { describeEachDatabase } from "../support/databases.ts";
import { unlimitedRateLimits } from "../support/limits.ts";
import { type OidcTestBed, startOidcTestBed } from "../support/oidc-flow.ts";
import { recordCases } from "./scale.ts";

/**
 * A stranger asks for a link to the customer's address in the stranger's own browser; whoever
 * holds the mail (the customer tapping without looking, a scanner) approves that request on
 * another device without seeing the stranger's screen. Such a blind approval signs the stranger in
 * at most one time in a hundred (docs/decisions/0081): the answer is two digits the asking
 * screen alone shows (a hundred answers, nothing offered to pick from), and a request takes one
 * entry, however many are sent at once.
 */
const every = Array.from({ length: 100 }, (_, n) => n);

describe("the answer a blind approval must guess", () => {
  const approval = API["POST /api/access-link/approve"].body;
  const token = "t".repeat(43);

  it("is one of at least a hundred, each of which the asking screen can show", () => {
    expect(APPROVAL_ANSWERS).toBeGreaterThanOrEqual(100);
    // Drawn often enough that missing any of a hundred values is a chance of 1 in 10^20.
    const drawn = new Set(Array.from({ length: 5_000 }, newApprovalNumber));
    expect(drawn.size).toBe(APPROVAL_ANSWERS);
    expect([...drawn].sort((a, b) => a - b)).toEqual(every);
    // The phone sends the number its two digits spell ("07" is 7): 00 to 99, each taken.
    for (const number of every) expect(approval.safeParse({ token, Number: number }).success, String(number)).toBe(true);
  });

  it("is nothing beyond those: other numbers, fractions and text are refused before anything is looked up", () => {
    for (const bad of [-1, 100, 4.5, "42", "", null])
      expect(approval.safeParse({ token, Number: bad }).success, JSON.stringify(bad)).toBe(false);
  });
});

describeEachDatabase("a blind approval on another device, on %s", (kind) => {
  let bed: OidcTestBed;
  let cases = 0;
  let n = 0;

  beforeAll(async () => {
    bed = await startOidcTestBed(kind, unlimitedRateLimits());
  });
  afterAll(async () => {
    recordCases("a blind approval on another device", cases);
    await bed?.server.stop();
  });

  const post = (browser: BrowserAgent, path: string, body: unknown) => {
    cases += 1;
    return browser.request(`${bed.issuer}${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: bed.issuer },
      body: JSON.stringify(body),
    });
  };
  const json = async (response: Response) => (await response.json()) as Record<string, unknown>;
  const signedIn = async (browser: BrowserAgent) =>
    ((await (await browser.request(`${bed.issuer}/api/dsone/session`)).json()) as { signedIn: boolean }).signedIn;

  /** The stranger's browser asks for a link to the customer's address: the mail's token, and the digits the stranger sees. */
  async function strangerAsks() {
    n += 1;
    const email = `blind${n}@example.com`;
    await createAccount(bed.server.db, { email, product: "dsone" });
    const stranger = new BrowserAgent();
    expect(await json(await post(stranger, "/api/access-link", { Email: email, ProductId: 6 }))).toMatchObject({ isOk: true });
    await drainMail(bed.server);
    const token = tokenFromMail(bed.server.delivered.findLast((sent) => sent.to === email) as never);
    const waiting = await json(await post(stranger, "/api/access-link/wait", { Wait: false }));
    expect(waiting).toMatchObject({ state: "waiting", number: expect.any(Number) });
    return { stranger, token, number: waiting.number as number };
  }

  it("the mail's holder is offered nothing to pick from, only who asks", async () => {
    const { token } = await strangerAsks();
    const { otherDevice } = (await json(await post(new BrowserAgent(), "/api/access-link/check", { token }))) as {
      otherDevice: Record<string, unknown>;
    };
    expect(Object.keys(otherDevice).sort()).toEqual(["askedSecondsAgo", "device", "network", "signsInTo"]);
  });

  it("a wrong entry refuses the request and spends the link: the right digits after it sign nobody in", async () => {
    const { stranger, token, number } = await strangerAsks();
    const holder = new BrowserAgent();
    const wrong = every.find((guess) => guess !== number) as number;
    expect(await json(await post(holder, "/api/access-link/approve", { token, Number: wrong }))).toMatchObject({
      code: "APPROVAL_WRONG_NUMBER",
    });
    expect((await post(holder, "/api/access-link/approve", { token, Number: number })).status).toBe(410);
    expect(await json(await post(stranger, "/api/access-link/wait", { Wait: false }))).toEqual({ state: "refused" });
    expect(await signedIn(stranger)).toBe(false);
  });

  it("a hundred entries at once, one for each answer, get one try between them", async () => {
    const { stranger, token, number } = await strangerAsks();
    const holder = new BrowserAgent();
    const answers = await Promise.all(
      every.map(async (guess) => {
        const response = await post(holder, "/api/access-link/approve", { token, Number: guess });
        return { guess, status: response.status, code: (await json(response)).code };
      }),
    );
    const tried = answers.filter((answer) => answer.status === 200 || answer.code === "APPROVAL_WRONG_NUMBER");
    expect(tried).toHaveLength(1);
    expect(answers.filter((answer) => answer.status === 410)).toHaveLength(99);
    // The one entry that was looked at signs the stranger in only if it was the right guess.
    const right = tried[0]?.guess === number;
    expect(tried[0]?.status).toBe(right ? 200 : 400);
    const standing = await json(await post(stranger, "/api/access-link/wait", { Wait: false }));
    expect(standing.state).toBe(right ? "signed_in" : "refused");
    expect(await signedIn(stranger)).toBe(right);
  });
});
