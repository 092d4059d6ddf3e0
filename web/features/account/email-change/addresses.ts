/**
 * A piece of a sentence: plain words, or one of the email addresses put into it with the
 * punctuation that follows it ("." or "," or "、"), which must not be left to begin a line.
 */
export type SentencePiece = { text: string } | { address: string; punctuation: string };

/** The punctuation right after an address, up to the next space or letter. */
const PUNCTUATION = /^\p{P}+/u;

/**
 * A sentence cut where the given email addresses stand in it, so that each can be set as one piece
 * (EmailChangeLinkPage.tsx). Where one address begins another, the longer is taken.
 */
export function piecesAroundAddresses(sentence: string, addresses: readonly string[]): SentencePiece[] {
  const wanted = [...new Set(addresses.filter((address) => address !== ""))].sort((a, b) => b.length - a.length);
  const pieces: SentencePiece[] = [];
  let plainFrom = 0;
  let at = 0;
  while (at < sentence.length) {
    const address = wanted.find((candidate) => sentence.startsWith(candidate, at));
    if (!address) {
      at += 1;
      continue;
    }
    if (at > plainFrom) pieces.push({ text: sentence.slice(plainFrom, at) });
    const punctuation = PUNCTUATION.exec(sentence.slice(at + address.length))?.[0] ?? "";
    pieces.push({ address, punctuation });
    at += address.length + punctuation.length;
    plainFrom = at;
  }
  if (plainFrom < sentence.length) pieces.push({ text: sentence.slice(plainFrom) });
  return pieces;
}
