interface Waiting<T, R> {
  item: T;
  resolve: (result: R) => void;
  reject: (error: unknown) => void;
}

/**
 * Writes that each caller awaits on its own but that go to the database together, as a database's
 * group commit does: while one batch is being written, the writes that arrive wait and then go as
 * the next batch, in one statement. Alone, a write goes at once (no timer, no added wait); in a
 * burst, a hundred writes cost one round trip and one commit instead of a hundred. Each caller's
 * promise settles with its batch: with its own result once the batch is stored, or with the batch's
 * error. `write` answers one result per item, in the items' order.
 */
export class BatchedWrites<T, R = void> {
  readonly #write: (items: readonly T[]) => Promise<readonly R[]>;
  readonly #largest: number;
  #waiting: Waiting<T, R>[] = [];
  #writing: Promise<void> | undefined;

  /** `largest` bounds a batch, so one statement's parameters stay within what the database takes. */
  constructor(write: (items: readonly T[]) => Promise<readonly R[]>, largest = 500) {
    this.#write = write;
    this.#largest = Math.max(1, largest);
  }

  /** Queues `item` and answers its result once the batch it joined is written. */
  add(item: T): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      this.#waiting.push({ item, resolve, reject });
      this.#writing ??= this.#drain();
    });
  }

  /** Resolves once everything added so far is written (or has failed). */
  async settled(): Promise<void> {
    while (this.#writing) await this.#writing;
  }

  async #drain(): Promise<void> {
    // Writes added before the next microtask (synchronously, or by callbacks already queued) join the first batch.
    await Promise.resolve();
    while (this.#waiting.length > 0) {
      const batch = this.#waiting.splice(0, this.#largest);
      try {
        const results = await this.#write(batch.map(({ item }) => item));
        for (const [index, { resolve }] of batch.entries()) resolve(results[index] as R);
      } catch (error) {
        for (const { reject } of batch) reject(error);
      }
    }
    this.#writing = undefined;
  }
}
