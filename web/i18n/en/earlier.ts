/** The earlier account area's messages (SPEC section 8), exactly as the specification spells them. */
export const strings = {
  earlier: {
    loginInvalid: "Email Address or Password is invalid",
    loginFailed: "There was an error while attempting to log in",
    setPasswordFailed: "There was an error while attempting to set password",
    fetchUserEmpty: "There was an error while attempting to fetch the logged in user",
    requestFailed: "An error occurred while sending the request.",
  },
} as const;
