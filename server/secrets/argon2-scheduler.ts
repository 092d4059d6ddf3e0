import { availableParallelism } from "node:os";
import { AppError } from "../base/errors.ts";

export type Argon2Work = "verify" | "hash";

/**
 * Every argon2 call of the process goes through one scheduler. One call takes 19 MiB and about
 * 15 ms of a core on libuv's thread pool; unbounded, a flood of password changes fills the pool
 * and every login waits behind it (one session once drove 164 hashes a second and a login went
 * from 15 ms to 199 ms). So: at most `concurrency` calls at once (the cores, no more than the
 * thread pool), sign-in checks go ahead of new-password hashing in the queue, new-password hashing
 * never holds the last slot, and past `maxWaiting` queued calls a request is refused at once
 * (503, Retry-After) rather than queued for ever.
 */
export class Argon2Scheduler {
  readonly concurrency: number;
  readonly maxWaiting: number;
  #running = 0;
  #runningHashes = 0;
  #peak = 0;
  #hashesDone = 0;
  readonly #waiting: Record<Argon2Work, (() => void)[]> = { verify: [], hash: [] };

  constructor(concurrency: number, maxWaiting = 64) {
    this.concurrency = Math.max(1, concurrency);
    this.maxWaiting = maxWaiting;
  }

  /** How many calls ran at once at most, and how many new-password hashes were computed. */
  stats(): { peakRunning: number; hashesDone: number } {
    return { peakRunning: this.#peak, hashesDone: this.#hashesDone };
  }

  async run<T>(kind: Argon2Work, work: () => Promise<T>): Promise<T> {
    if (this.#mayStart(kind)) {
      this.#start(kind);
    } else {
      if (this.#waiting.verify.length + this.#waiting.hash.length >= this.maxWaiting) {
        throw new AppError("BUSY", undefined, { "retry-after": "1" });
      }
      // The caller that frees a slot starts this one (#wakeNext), so no newcomer can take it first.
      await new Promise<void>((resolve) => this.#waiting[kind].push(resolve));
    }
    try {
      return await work();
    } finally {
      this.#running--;
      if (kind === "hash") {
        this.#runningHashes--;
        this.#hashesDone++;
      }
      this.#wakeNext();
    }
  }

  #start(kind: Argon2Work): void {
    this.#running++;
    if (kind === "hash") this.#runningHashes++;
    this.#peak = Math.max(this.#peak, this.#running);
  }

  #hashSlots(): number {
    return Math.max(1, this.concurrency - 1);
  }

  #mayStart(kind: Argon2Work): boolean {
    if (this.#running >= this.concurrency) return false;
    return kind === "verify" || this.#runningHashes < this.#hashSlots();
  }

  #wakeNext(): void {
    const next = this.#waiting.verify.length > 0 ? "verify" : this.#waiting.hash.length > 0 && this.#mayStart("hash") ? "hash" : undefined;
    if (!next || !this.#mayStart(next)) return;
    const resolve = this.#waiting[next].shift();
    if (!resolve) return;
    this.#start(next);
    resolve();
  }
}

/** libuv runs argon2 on its thread pool (UV_THREADPOOL_SIZE, 4 by default), shared with file and DNS work. */
const threadPool = Number(process.env.UV_THREADPOOL_SIZE) || 4;
export const argon2Scheduler = new Argon2Scheduler(Math.min(availableParallelism(), threadPool));
