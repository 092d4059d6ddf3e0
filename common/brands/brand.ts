import type { AgentVariant } from "../agent/ports.ts";
import type { ClientConfig } from "../client-config.ts";

/**
 * What makes a brand: its name, product, icon, its screens' addresses, the product addresses it
 * uses, its desktop agent, and its colours in both themes. The server and the screens read these
 * and never branch on a brand's name, so a third brand is a new file beside dsone.ts and
 * maverick.ts, added to the list in index.ts (or given to registerBrand).
 */
export type ThemeMode = "light" | "dark";

/** The colours every screen is drawn with (web/styles.css uses them as --custom-properties). */
interface ThemeTokens {
  /** Links, focus rings, accents; must read on `card` and `page` (4.5:1). */
  accent: string;
  accentStrong: string;
  /** The main action's background; `onGo` must read on it (4.5:1). */
  go: string;
  /** The blue button's fill and the green one's hover: `onGo` must read on it too (4.5:1). */
  goStrong: string;
  onGo: string;
  page: string;
  card: string;
  text: string;
  muted: string;
  border: string;
  danger: string;
  overlay: string;
}

type LinkName = keyof ClientConfig["links"];

/** The screens every brand has, by address (SPEC section 2). */
export interface BrandPaths {
  /** The brand's entry: where its product sends a visitor to sign in. */
  login: string;
  /** The sign-in with an emailed link (the login screen itself for DS One). */
  emailLogin: string;
  /** The page an emailed access link opens: the brand and a Sign In button. */
  accessLink: string;
  passwordLogin: string;
  autoLogin: string;
  logout: string;
  goodbye: string;
  setPassword: string;
  setPasswordConfirmation: string;
  /** Where a sign-in with Google that did not complete says what happened. */
  socialSignIn: string;
  /** The password reset by email: asking, asked, the emailed link's screen, done. */
  forgotPassword: string;
  forgotPasswordConfirmation: string;
  resetPassword: string;
  resetPasswordConfirmation: string;
  /** The signed-in customer's own account page, and where its emailed deletion link opens. */
  account: string;
  deleteAccount: string;
  /** Where the "A passkey was added" mail's removal link opens (docs/decisions/0065). */
  passkeyRemoval: string;
  /** Where the "New sign-in" mail's "This wasn't me" opens (docs/decisions/0067). */
  notMe: string;
  /**
   * An email change's pages (docs/decisions/0070): where the new address confirms it, where the
   * old one's "This wasn't me" cancels it, and where the old one undoes it once made.
   */
  confirmEmail: string;
  cancelEmailChange: string;
  undoEmailChange: string;
  /** Where "This wasn't me" in "Your email was changed back" opens, for the address an undo replaced (docs/decisions/0078). */
  disputeEmailUndo: string;
  /** "Sign In Faster Next Time": the passkey offer after a sign-in (docs/decisions/0059-passkeys.md). */
  passkeyOffer: string;
}

/**
 * The screens' usual addresses under a brand's folder (/dsone/logout, ...), with the ones the
 * brand places elsewhere given in `own`.
 */
export function screenPaths(folder: string, own: Partial<BrandPaths> = {}): BrandPaths {
  return {
    login: `${folder}/login`,
    emailLogin: `${folder}/login`,
    accessLink: `${folder}/access-link`,
    passwordLogin: `${folder}/password-login`,
    autoLogin: `${folder}/auto-login`,
    logout: `${folder}/logout`,
    goodbye: `${folder}/sorry-to-see-you-go`,
    setPassword: `${folder}/set-password`,
    setPasswordConfirmation: `${folder}/set-password-confirmation`,
    socialSignIn: `${folder}/social-sign-in`,
    forgotPassword: `${folder}/forgot-password`,
    forgotPasswordConfirmation: `${folder}/forgot-password-confirmation`,
    resetPassword: `${folder}/reset-password`,
    resetPasswordConfirmation: `${folder}/reset-password-confirmation`,
    account: `${folder}/account`,
    deleteAccount: `${folder}/account/delete`,
    passkeyRemoval: `${folder}/account/remove-passkey`,
    notMe: `${folder}/account/not-me`,
    confirmEmail: `${folder}/account/confirm-email`,
    cancelEmailChange: `${folder}/account/cancel-email-change`,
    undoEmailChange: `${folder}/account/undo-email-change`,
    disputeEmailUndo: `${folder}/account/email-changed-back`,
    passkeyOffer: `${folder}/passkey`,
    ...own,
  };
}

/**
 * The brand's desktop agent (SPEC section 7, "Local agent"). Its variant names its ports, its
 * first port's client setting ({variant}BasePort) and the account server's auto-login
 * (POST /api/{variant}/auto-login).
 */
interface BrandAgent {
  variant: AgentVariant;
  /**
   * Whether its license check (and the account server's auto-login) also says which browser to
   * open: {UUID, PreferredBrowser, ShowUI} instead of {UUID}.
   */
  opensBrowser: boolean;
}

export interface Brand {
  id: string;
  productId: number;
  name: string;
  favicon: string;
  /** The mark as a PNG (under web/public), for mail: many mail programs show no SVG. */
  mailLogo: string;
  paths: BrandPaths;
  /**
   * Its own sites: where a sign-in lands without a ReturnUrl (ui), my account, logout, and where a
   * new customer creates an account, when it has such a page (the "no account" mail links it).
   */
  links: { ui: LinkName; myAccount: LinkName; logout: LinkName; signUp?: LinkName };
  agent: BrandAgent;
  /** The safety product shows its screens as dialogs (SPEC section 2). */
  dialogs: boolean;
  /**
   * Where a customer signs in with a password again: the forgot-password screen's close icon and
   * Login after a reset. A configured address (DS One's main sign-in, SPEC section 2) or a screen.
   */
  passwordSignIn: { link: LinkName } | { screen: keyof BrandPaths };
  /** Where logout ends, and whether the device's uuid goes along (SPEC section 2, Logout screens). */
  afterLogout: { link: LinkName; withUuid: boolean };
  theme: Record<ThemeMode, ThemeTokens>;
}

const CSS_NAMES: Record<keyof ThemeTokens, string> = {
  accent: "--accent",
  accentStrong: "--accent-strong",
  go: "--go",
  goStrong: "--go-strong",
  onGo: "--on-go",
  page: "--page",
  card: "--card",
  text: "--text",
  muted: "--muted",
  border: "--border",
  danger: "--danger",
  overlay: "--overlay",
};

function declarations(tokens: ThemeTokens): string {
  return (Object.keys(CSS_NAMES) as (keyof ThemeTokens)[]).map((name) => `${CSS_NAMES[name]}:${tokens[name]}`).join(";");
}

/**
 * The stylesheet of every brand in both themes, keyed by the attributes the page carries from its
 * first byte (data-brand from the server, data-theme from web/public/page-boot.js), so the first
 * paint is already in the right colours. The first brand is also the default.
 */
export function themeStylesheet(brands: readonly Brand[]): string {
  const [first] = brands;
  const rules: string[] = [];
  if (first) rules.push(`:root{${declarations(first.theme.light)};color-scheme:light}`);
  for (const brand of brands) {
    for (const mode of ["light", "dark"] as const) {
      rules.push(`html[data-brand="${brand.id}"][data-theme="${mode}"]{${declarations(brand.theme[mode])};color-scheme:${mode}}`);
      if (brand === first)
        rules.push(`html:not([data-brand])[data-theme="${mode}"]{${declarations(brand.theme[mode])};color-scheme:${mode}}`);
    }
  }
  return rules.join("\n");
}

/** The address of a brand's passwordSignIn. */
export function passwordSignInAddress(brand: Brand, links: ClientConfig["links"]): string {
  return "link" in brand.passwordSignIn ? links[brand.passwordSignIn.link] : brand.paths[brand.passwordSignIn.screen];
}
