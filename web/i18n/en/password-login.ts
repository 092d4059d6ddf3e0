import { strings as shared } from "./shared.ts";

/** The password sign-in screens of both brands. Loaded with those screens (see ../en.ts). */
export const strings = {
  ...shared,
  passwordLogin: {
    title: "Login To Your Account",
    text: "Please enter your email and password credentials.",
    forgot: "Forgot your password?",
    login: "Login",
    createAccount: "Create Account",
  },
  maverickPasswordLogin: {
    title: "Login",
    continue: "Continue",
    emailLink: "Email me a sign-in link",
  },
} as const;
