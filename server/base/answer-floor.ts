/**
 * Waits out what is left of `floorMs` since `started`: an answer that would take longer for one
 * kind of request than another (a write or two more) takes at least the floor for both, so its
 * time tells nothing the answer does not.
 */
export function waitOutFloor(started: number, floorMs: number): Promise<void> {
  const left = started + floorMs - Date.now();
  return left > 0 ? new Promise((resolve) => setTimeout(resolve, left)) : Promise.resolve();
}
