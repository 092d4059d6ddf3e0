import { randomInt, timingSafeEqual } from "node:crypto";

/**
 * The two digits that approve a sign-in on another device (docs/decisions/0081): the asking
 * screen shows them, the other device types them. Drawn from 00 to 99, so a blind entry, with the
 * one entry a request takes, is right one time in a hundred at most. They travel and are stored
 * as the number they spell (7 for "07").
 */
export const APPROVAL_ANSWERS = 100;

/** A request's number, from the system's cryptographic random source. */
export function newApprovalNumber(): number {
  return randomInt(0, APPROVAL_ANSWERS);
}

const digitsOf = (number: number): Buffer => Buffer.from(String(number).padStart(2, "0"));

/** Whether the typed number is the request's, in the same time whatever was typed. */
export function sameApprovalNumber(typed: number, stored: number): boolean {
  // Both spell two digits (the request's field takes 0 to 99 only), so the buffers are alike in length.
  const [given, expected] = [digitsOf(typed), digitsOf(stored)];
  return given.length === expected.length && timingSafeEqual(given, expected);
}
