import { brotliCompressSync, constants, gzipSync } from "node:zlib";

/*
 * Texts compressed ahead, in a module of their own: scripts/precompress.ts compresses the web build
 * with them, and `npm start`'s check for a stale build imports that script, so this loads nothing
 * but zlib (compression.ts, which sends them, loads @fastify/compress).
 */

/**
 * A text to be sent many times, compressed both ways at the highest settings, each the first time
 * a browser takes it: the server's start compresses nothing (every page of every language at
 * Brotli's highest quality was half a second of it), and an encoding nobody asks for is never made.
 */
export class Precompressed {
  readonly identity: Buffer;
  #br: Buffer | undefined;
  #gzip: Buffer | undefined;

  constructor(text: string | Buffer) {
    this.identity = Buffer.from(text);
  }

  get br(): Buffer {
    this.#br ??= brotliCompressSync(this.identity, {
      params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: this.identity.length },
    });
    return this.#br;
  }

  get gzip(): Buffer {
    this.#gzip ??= gzipSync(this.identity, { level: 9 });
    return this.#gzip;
  }
}

export function precompress(text: string | Buffer): Precompressed {
  return new Precompressed(text);
}
