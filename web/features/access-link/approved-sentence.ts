import { sayBrowser } from "../../../common/i18n/catalogue.ts";

/** The words it takes, from the customer's language's catalogue. */
interface Words {
  approved: (device: string) => string;
  browserOn: (browser: string, system: string) => string;
  unknownBrowserInSentence: string;
}

/**
 * "Done. You are signed in on Chrome on Linux." The device sits mid-sentence, so one the server
 * could not name takes the in-sentence words ("an unknown browser"), never the sentence-start ones
 * ("A browser") the approval's first line uses.
 */
export function approvedSentence(words: Words, device: string | null): string {
  return words.approved(sayBrowser(device, words.browserOn, words.unknownBrowserInSentence));
}
