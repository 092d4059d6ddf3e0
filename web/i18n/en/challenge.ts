/**
 * The human check (decision 93): a dialog over the form whose request asked for it. Loaded
 * with the check's code, only when a request is asked for one.
 */
export const strings = {
  challenge: {
    title: "Checking That You're a Person",
    /** While the browser proves it by itself (proof of work, reCAPTCHA), which takes a second or two. */
    working: "This takes a second.",
    /** Above a third party's check (Turnstile, hCaptcha), which the customer completes. */
    widget: "Complete the check below to continue.",
    /** The progress indicator's name, for screen readers. */
    progress: "Checking",
    cancel: "Cancel",
    /** Under the form, after the customer closed the check: nothing was sent. */
    cancelled: "The check was cancelled, so nothing was sent. Try again when you're ready.",
    /** The check could not be run: its script did not load, it failed, or it took too long. */
    unavailable: "We could not check that you're a person just now. Try again in a few minutes, or sign in another way.",
  },
};
