import { promisify } from "node:util";
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync } from "node:zlib";

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
const GZIP_OPTIONS = { level: 9 };

/*
 * Texts compressed ahead, in a module of their own: scripts/precompress.ts compresses the web build
 * with them, and `npm start`'s check for a stale build imports that script, so this loads nothing
 * but zlib (compression.ts, which sends them, loads @fastify/compress).
 */

/**
 * A text to be sent many times, compressed both ways at the highest settings. The server's start
 * compresses nothing on its way (every page of every language at Brotli's highest quality was
 * half a second of it): `warm` makes both in the background, off the event loop (zlib's thread
 * pool), once a language's pages are made, so no visitor waits for it; a request that comes
 * before then compresses what it needs itself.
 */
export class Precompressed {
  readonly identity: Buffer;
  #br: Buffer | undefined;
  #gzip: Buffer | undefined;
  /** The background compression under way: a request that waits for it joins it, not a second one. */
  #warming: Promise<void> | undefined;

  constructor(text: string | Buffer) {
    this.identity = Buffer.from(text);
  }

  /** Brotli at its highest quality, told the text's size: the same settings both ways. */
  #brotliOptions() {
    return {
      params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: this.identity.length },
    };
  }

  get br(): Buffer {
    this.#br ??= brotliCompressSync(this.identity, this.#brotliOptions());
    return this.#br;
  }

  get gzip(): Buffer {
    this.#gzip ??= gzipSync(this.identity, GZIP_OPTIONS);
    return this.#gzip;
  }

  /** Whether both encodings are made: sending either costs no compression. */
  get ready(): boolean {
    return this.#br !== undefined && this.#gzip !== undefined;
  }

  /** Makes both encodings in the background, once however many ask; one a request made meanwhile is kept. */
  warm(): Promise<void> {
    this.#warming ??= Promise.all([
      this.#br ?? brotliAsync(this.identity, this.#brotliOptions()),
      this.#gzip ?? gzipAsync(this.identity, GZIP_OPTIONS),
    ]).then(
      ([br, gz]) => {
        this.#br ??= br;
        this.#gzip ??= gz;
      },
      (error: unknown) => {
        // A compression that failed is tried again by the next to ask.
        this.#warming = undefined;
        throw error;
      },
    );
    return this.#warming;
  }
}

export function precompress(text: string | Buffer): Precompressed {
  return new Precompressed(text);
}
