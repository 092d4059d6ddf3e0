import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { dsone } from "../../common/brands/index.ts";
import { autoLoginUrl, deviceUuid, rememberDeviceUuid } from "./device.ts";

/** SPEC section 2: "uuid or UUID" identifies the device; the upper-case name is read like the lower-case one. */
const DEVICE = "0b9e4f5c-1d2a-4b3c-8d7e-6f5a4b3c2d1e";

const pageAt = (search: string) => vi.stubGlobal("window", { location: { search } });

describe("UUID= in upper case reads like uuid=", () => {
  beforeEach(() => {
    const stored = new Map<string, string>();
    vi.stubGlobal("sessionStorage", {
      getItem: (key: string) => stored.get(key) ?? null,
      setItem: (key: string, value: string) => void stored.set(key, value),
    });
  });
  afterEach(() => vi.unstubAllGlobals());

  it.each(["uuid", "UUID"])("%s= in the address is this visit's device, and is kept for the tab", (name) => {
    pageAt(`?${name}=${DEVICE}&channel=beta`);
    expect(deviceUuid()).toBe(DEVICE);
    // The layout keeps it, so a later screen without it in the address still knows the device.
    pageAt("");
    expect(deviceUuid()).toBeNull();
    rememberDeviceUuid(`?channel=beta&${name}=${DEVICE}`);
    expect(deviceUuid()).toBe(DEVICE);
  });

  it("auto-login's address carries the device's uuid, and the channel whatever its case", () => {
    expect(autoLoginUrl(dsone, DEVICE, "?UUID=x&CHANNEL=beta")).toBe(`${dsone.paths.autoLogin}?uuid=${DEVICE}&channel=beta`);
  });
});
