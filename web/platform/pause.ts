/** Resolves after `ms`: the wait between two tries of a request. */
export const pause = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
