import type { IDToken } from "openid-client";
import { describe, expect, it } from "vitest";
import { microsoftIdentity, PERSONAL_ACCOUNT_TENANT } from "../../../server/auth/microsoft/microsoft-identity.ts";
import { SignInProblem, sameAuthority } from "../../../server/auth/social/openid-sign-in.ts";

const WORK_TENANT = "72f988bf-86f1-41af-91ab-2d7cd011db47";
const claims = (extra: Record<string, unknown>): IDToken =>
  ({ iss: "https://login.microsoftonline.com/x/v2.0", aud: "a", iat: 0, exp: 0, sub: "subject-1", ...extra }) as IDToken;

describe("a Microsoft identity", () => {
  it("is vouched for as a personal account, or a work account whose domain owner verified the address", () => {
    expect(microsoftIdentity(claims({ email: " pat@outlook.com ", tid: PERSONAL_ACCOUNT_TENANT, oid: "o-1" }))).toEqual({
      subject: "subject-1",
      email: "pat@outlook.com",
      tenantId: PERSONAL_ACCOUNT_TENANT,
      objectId: "o-1",
      vouched: true,
    });
    expect(microsoftIdentity(claims({ email: "kim@contoso.com", tid: WORK_TENANT, xms_edov: true })).vouched).toBe(true);
  });

  it("is not vouched for as a work account without xms_edov, or with anything but true", () => {
    for (const edov of [undefined, false, "true", 1]) {
      expect(microsoftIdentity(claims({ email: "lee@example.com", tid: WORK_TENANT, xms_edov: edov })).vouched).toBe(false);
    }
  });

  it("needs an email and a tenant", () => {
    expect(() => microsoftIdentity(claims({ tid: PERSONAL_ACCOUNT_TENANT }))).toThrow(SignInProblem);
    expect(() => microsoftIdentity(claims({ email: "pat@outlook.com" }))).toThrow(SignInProblem);
  });
});

describe("a multi-tenant authority's metadata", () => {
  it("names itself by the placeholder or a tenant's id where the configured address names the authority", () => {
    const consumers = "https://login.microsoftonline.com/consumers/v2.0";
    expect(sameAuthority(consumers, `https://login.microsoftonline.com/${PERSONAL_ACCOUNT_TENANT}/v2.0`)).toBe(true);
    expect(sameAuthority("https://login.microsoftonline.com/common/v2.0", "https://login.microsoftonline.com/{tenantid}/v2.0")).toBe(true);
    expect(
      sameAuthority(`https://login.microsoftonline.com/${WORK_TENANT}/v2.0/`, `https://login.microsoftonline.com/${WORK_TENANT}/v2.0`),
    ).toBe(true);
  });

  it("is refused on another host, another path or a segment that is no tenant", () => {
    const common = "https://login.microsoftonline.com/common/v2.0";
    expect(sameAuthority(common, "https://login.example.com/{tenantid}/v2.0")).toBe(false);
    expect(sameAuthority(common, "https://login.microsoftonline.com/{tenantid}/v1.0")).toBe(false);
    expect(sameAuthority(common, "https://login.microsoftonline.com/evil/v2.0")).toBe(false);
    expect(sameAuthority(common, "https://login.microsoftonline.com/{tenantid}/v2.0/extra")).toBe(false);
  });
});
