/**
 * The products an account can hold. ProductId 6 is DS One (SPEC section 9); the other ids are ours
 * (docs/decisions/0002-product-ids.md).
 */
export const PRODUCTS = {
  dsone: { id: 6, code: "dsone", name: "DS One" },
  maverick: { id: 7, code: "maverick", name: "Maverick Safe" },
  solveiq: { id: 5, code: "solveiq", name: "solve IQ" },
} as const;

export type ProductCode = keyof typeof PRODUCTS;

export const DSONE_PRODUCT_ID = PRODUCTS.dsone.id;

/** solve IQ's screens of the earlier account area (SPEC section 2): its reset by email. solve IQ is no brand of ours. */
export const SOLVE_IQ_SCREENS = {
  forgotPassword: "/forgotPassword",
  forgotPasswordConfirmation: "/forgotPasswordConfirmation",
  resetPassword: "/resetPassword",
  resetPasswordConfirmation: "/resetPasswordConfirmation",
} as const;

export function productById(id: number): (typeof PRODUCTS)[ProductCode] | undefined {
  return Object.values(PRODUCTS).find((product) => product.id === id);
}

export const LICENSE_STATES = ["Active", "Trial", "Expired"] as const;
export type LicenseState = (typeof LICENSE_STATES)[number];
