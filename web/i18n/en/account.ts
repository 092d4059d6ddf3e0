import { strings as shared } from "./shared.ts";

/** The customer's own account page and its deletion link's page. Loaded with those screens only. */
export const strings = {
  ...shared,
  account: {
    title: "Your Account",
    loading: "Loading your account...",
    loadFailed: "Your account could not be shown. Please try again.",
    signOut: "Sign Out",
    who: {
      heading: "Your details",
      email: "Email",
      name: "Name",
      noName: "No name given",
      edit: "Edit",
      /** The edit button's name for screen readers. */
      editName: "Edit name",
      save: "Save",
      cancel: "Cancel",
      saved: "Your name is saved.",
      licenses: "Licenses",
      noLicenses: "No licenses on this account yet.",
      licenseState: { Active: "Active", Trial: "Trial", Expired: "Expired" } as Record<string, string>,
      /** A license's state with the day the account got it (a change of state keeps that day). */
      licenseSince: {
        Active: (date: string) => `Active since ${date}`,
        Trial: (date: string) => `Trial since ${date}`,
        Expired: (date: string) => `Expired, held since ${date}`,
      } as Record<string, (date: string) => string>,
      /** Changing the email (docs/decisions/0070), in place under it. */
      changeEmail: "Change",
      changeEmailName: "Change email",
      newEmail: "New email",
      sendConfirmation: "Send Confirmation",
      changeText:
        "We will email the new address a link to confirm it, and tell your current address. Nothing changes until the new address confirms.",
      sent: (newEmail: string, email: string) =>
        `We sent a link and a code to ${newEmail}. Open the link, or type the code here. Until then your email stays ${email}.`,
      code: "Code from the email",
      confirmCode: "Confirm",
      changed: (email: string) => `Your email is now ${email}. Every other browser and app is signed out.`,
      /**
       * Under the email when mail to it bounced (docs/decisions/0087): what its mail server said,
       * by reason, and a way to let our mail go to it again.
       */
      undelivered: {
        what: (date: string) => `Our email to this address could not be delivered on ${date}, so we have stopped emailing it.`,
        reasons: {
          no_mailbox:
            "The receiving mail server says there is no such mailbox. Check the address for a typing mistake: if it is wrong, change it.",
          mailbox_full: "The receiving mail server says the mailbox is full. Make some room in it, then try again.",
          blocked:
            "The receiving mail server blocked our email, perhaps as spam. Your email provider or your company's filter may be refusing it.",
          other: "The receiving mail server did not accept it.",
        },
        reference: (reference: string) => `If you contact our support team, quote this reference: ${reference}`,
        retry: "Try My Email Again",
        retried: "We will email this address again. If our email still cannot be delivered, this page will say so.",
      },
    },
    methods: {
      heading: "How you sign in",
      link: "Emailed link",
      linkText: "We email you a personal link or code. This always works.",
      password: "Password",
      passwordSet: "A password is set.",
      passwordNotSet: "No password yet.",
      changePassword: "Change Password",
      setPassword: "Set a Password",
      /** The account page opened by the link sent instead of a sign-in with a breached password. */
      breached: "Your password is on a list of passwords leaked from other sites, so it no longer signs you in. Choose a new one.",
      currentPassword: "Current Password",
      savePassword: "Save Password",
      passwordSaved: "Your password is saved. Every other browser and app was signed out.",
      forgotCurrent: "Forgot it? Email me a link to set a new one",
      resetSent: (email: string) => `We sent a link to ${email}. Open it to set a new password.`,
      google: "Google",
      googleNotLinked: "Not linked. Continue with Google on a sign-in screen to link it.",
      googleLinked: (email: string) => `Linked to ${email}`,
      unlink: "Unlink",
      unlinkGoogle: (email: string) => `Unlink Google account ${email}`,
      unlinked: "Google is unlinked.",
      microsoft: "Microsoft",
      microsoftNotLinked: "Not linked. Continue with Microsoft on a sign-in screen to link it.",
      microsoftLinked: (email: string) => `Linked to ${email}`,
      unlinkMicrosoft: (email: string) => `Unlink Microsoft account ${email}`,
      unlinkedMicrosoft: "Microsoft is unlinked.",
      /** What Google told us of the linked Google account (docs/decisions/0091). */
      googleHeld: (date: string) =>
        `On ${date} Google told us that someone else may have taken over your Google account, so signing in with Google is paused. Secure your Google account with Google, then sign in with your password or a passkey to use Google again, or contact our support team. A password or passkey added in the month before Google told us does not count.`,
      googleChangeAsked: (date: string) =>
        `On ${date} Google asked you to change your Google account's password. Until you sign in with Google again, check your Google account's security with Google.`,
    },
    passkeys: {
      heading: "Passkeys",
      text: "A passkey signs you in with your fingerprint, face or screen lock, with no email to wait for.",
      none: "No passkeys yet.",
      add: "Add a Passkey",
      added: "Your passkey is added.",
      thisBrowser: "Made in this browser",
      synced: "synced",
      created: (date: string) => `Added ${date}`,
      lastUsed: (date: string) => `last used ${date}`,
      neverUsed: "not used yet",
      rename: "Rename",
      renameNamed: (name: string) => `Rename passkey ${name}`,
      nameLabel: "Passkey name",
      save: "Save",
      cancel: "Cancel",
      renamed: "The passkey is renamed.",
      remove: "Remove",
      removeNamed: (name: string) => `Remove passkey ${name}`,
      removed: (name: string) => `${name} is removed. You can still sign in with an emailed link.`,
    },
    /** Asked in place before adding a way in, when the sign-in is more than 10 minutes old. */
    confirm: {
      heading: "Confirm it's you",
      text: "For your security, confirm it's you before adding a passkey.",
      /** The same, before a first password and before an email change. */
      textPassword: "For your security, confirm it's you before setting a password.",
      textEmail: "For your security, confirm it's you before changing your email.",
      password: "Current Password",
      confirm: "Confirm",
      emailCode: "Email Me a Code",
      emailCodeInstead: "Email me a code instead",
      codeSent: (email: string) => `We sent a 6-digit code to ${email}.`,
      code: "6-digit code",
      cancel: "Cancel",
    },
    /** The passkeys a sign-out everywhere or a reset can remove too; recent ones come ticked. */
    removePasskeys: {
      legend: "Also remove these passkeys",
      hint: "Passkeys added in the last 30 days are ticked: if someone else was signed in, they may have added one.",
      passkey: (name: string, added: string) => `${name}, added ${added}`,
    },
    /** The page the "New sign-in" mail's "This wasn't me" opens: it signs nothing out until the button. */
    notMe: {
      title: "Wasn't You?",
      checking: "Checking the link...",
      what: (browser: string, network: string, when: string) => `${browser}, near ${network}, signed in to your account on ${when}.`,
      effect: "Signing it out also signs it out of every app it signed in to, and removes any passkey it added.",
      signOut: "Sign Out That Browser",
      doneTitle: "That Browser Is Signed Out",
      done: "It is signed out of your account and every app it signed in to, and any passkey it added is removed.",
      review: "Next, review your account: we can email you a sign-in link.",
      emailLink: "Email Me a Sign-In Link",
      linkSent: (email: string) => `We sent a sign-in link to ${email}.`,
      problemTitle: "This Link Can't Be Used",
    },
    /**
     * The pages an email change's mails open (docs/decisions/0070). Opening one changes nothing;
     * its button does.
     */
    emailChange: {
      checking: "Checking the link...",
      problemTitle: "This Link Can't Be Used",
      /** The link mailed to the new address. */
      confirmTitle: "Confirm Your New Email",
      confirmWhat: (email: string, newEmail: string) => `This changes the email of your account from ${email} to ${newEmail}.`,
      confirmEffect: "From then on you sign in with the new address. Other browsers and apps are signed out.",
      confirm: "Confirm New Email",
      confirmedTitle: "Your Email Is Changed",
      confirmed: (newEmail: string) => `Your email is now ${newEmail}. Sign in with it from now on.`,
      /** "This wasn't me" in the notice to the old address. */
      cancelTitle: "Cancel This Email Change?",
      cancelWhat: (newEmail: string, when: string) => `On ${when}, someone asked to change the email of your account to ${newEmail}.`,
      cancelEffect: "Cancelling keeps your email as it is, and signs out the browser that asked for the change.",
      cancel: "Cancel the Change",
      cancelledTitle: "The Change Is Cancelled",
      cancelled: "Your email stays as it is, and the browser that asked for the change is signed out.",
      /** The undo link in "Your email was changed", to the old address. */
      undoTitle: "Undo the Email Change?",
      undoWhat: (email: string, newEmail: string) => `This makes ${email} the email of your account again, instead of ${newEmail}.`,
      undoEffect:
        "Every browser and app is signed out, and any passkey, password, Google or Microsoft login added since the change was asked for is removed.",
      undo: "Restore My Email",
      undoneTitle: "Your Email Is Restored",
      undone: (email: string) => `${email} is the email of your account again, and every browser and app is signed out.`,
      /** "This wasn't me" in "Your email was changed back", to the address an undo replaced: it tells support, and moves nothing. */
      disputeTitle: "Tell Us This Wasn't You?",
      disputeWhat: (email: string, when: string) =>
        `On ${when}, the email of your account was changed back to ${email}, with the undo link mailed to that address.`,
      disputeEffect:
        "Telling us changes nothing on the account and signs nobody in: our support team looks into it and checks who holds the account before anything is moved.",
      dispute: "This Wasn't Me",
      disputedTitle: "Our Support Team Has Been Told",
      disputed: "Our support team has been told. Pressing the button signed nobody in, and nothing on the account was changed.",
      disputedNext: (brand: string) =>
        `To reach them, send a support request from ${brand} on your computer, and give them this address and the one your account went back to.`,
    },
    /** The page the "A passkey was added" mail's link opens: it removes nothing until the button. */
    passkeyRemoval: {
      title: "Remove This Passkey?",
      checking: "Checking the link...",
      what: (name: string, browser: string, when: string) => `The passkey ${name} was added from ${browser} on ${when}.`,
      effect: "Removing it also signs out the browser that added it.",
      remove: "Remove Passkey",
      removedTitle: "Passkey Removed",
      removed: "The passkey is removed, and the browser that added it is signed out.",
      next: "If you did not add it, review your account now: sign out everywhere, and change your password if you have one.",
      account: "Go to Your Account",
      problemTitle: "This Link Can't Be Used",
    },
    places: {
      heading: "Where you're signed in",
      browsers: "Browsers",
      apps: "Apps",
      thisBrowser: "This browser",
      unknownBrowser: "A browser",
      /** A browser and its system, as the server describes them: "Chrome on Windows". */
      browserOn: (browser: string, system: string) => `${browser} on ${system}`,
      near: (network: string) => `near ${network}`,
      since: (date: string) => `Signed in ${date}`,
      lastUsed: (date: string) => `last used ${date}`,
      noApps: "No apps are signed in.",
      allBrowsers: (count: number) => `Show all ${count} browsers`,
      desktopApp: (brand: string) => `${brand} desktop app`,
      webApp: (brand: string) => `${brand} on the web`,
      app: (clientId: string) => `App ${clientId}`,
      appSince: (date: string) => `Since ${date}`,
      signOut: "Sign Out",
      signOutNamed: (name: string) => `Sign out ${name}`,
      signOutEverywhereElse: "Sign Out Everywhere Else",
      signedOut: (name: string) => `${name} is signed out.`,
      signedOutEverywhereElse: "Every other browser and app is signed out.",
      confirmSignOutEverywhereElse: "Sign Out Everywhere Else Now",
    },
    activity: {
      heading: "Recent activity",
      intro: "The last 30 days, newest first.",
      none: "Nothing in the last 30 days.",
      more: (older: number) => (older === 1 ? "Show 1 older entry" : `Show older entries (${older})`),
      /** How each way in reads in a sentence: "Signed in with an emailed link". */
      methods: {
        link: "with an emailed link",
        code: "with the code from an email",
        password: "with your password",
        google: "with Google",
        microsoft: "with Microsoft",
        passkey: "with a passkey",
      } as Record<string, string>,
      /** An app inside a sentence: "Signed in to the DS One desktop app". */
      desktopApp: (brand: string) => `the ${brand} desktop app`,
      webApp: (brand: string) => `${brand} on the web`,
      unknownApp: (clientId: string) => `the app ${clientId}`,
      /** A browser the server could not name, inside a sentence: "from an unknown browser". */
      unknownBrowser: "an unknown browser",
      /** What happened, as the start of a sentence (the trail's vocabulary is server/auth/kernel/audit-trail.ts). */
      events: {
        signedIn: (app: string | undefined, how: string | undefined) => `Signed in${app ? ` to ${app}` : ""}${how ? ` ${how}` : ""}`,
        signInRefused: (how: string | undefined) => `A sign-in${how ? ` ${how}` : ""} was refused`,
        wrongPasswordRefused: "A sign-in with a wrong password was refused",
        accessLinkRequested: "A sign-in link was emailed",
        passwordResetRequested: "A password reset link was emailed",
        passwordSet: "A password was set",
        passwordChanged: "Your password was changed",
        passwordChangeRefused: "A password change with a wrong current password was refused",
        googleLinked: "Google was linked",
        googleUnlinked: "Google was unlinked",
        microsoftLinked: "Microsoft was linked",
        microsoftUnlinked: "Microsoft was unlinked",
        signedOut: "A browser was signed out",
        signedOutEverywhere: "Every browser and app was signed out",
        appSignedOut: (app: string | undefined) =>
          app ? `${app.charAt(0).toUpperCase()}${app.slice(1)} was signed out` : "An app was signed out",
        newBrowser: "A new browser signed in",
        licenseChanged: "A license changed",
        deviceLinked: "A computer was linked",
        nameChanged: "Your name was changed",
        accountCreated: "Your account was created",
        dataExported: "Your data was downloaded",
        accountDeletionRequested: "You asked to delete your account",
        passkeyRegistered: "A passkey was added",
        passkeyRenamed: "A passkey was renamed",
        passkeyRemoved: "A passkey was removed",
        passkeyRefused: "A sign-in with a passkey was refused",
        identityConfirmed: "You confirmed it was you",
        signInReported: "A sign-in was reported as not yours, and that browser was signed out",
        emailChangeRequested: "A change of your email was asked for",
        emailChanged: "Your email was changed",
        emailChangeCancelled: "A change of your email was cancelled",
        emailChangeUndone: "A change of your email was undone, and every browser and app was signed out",
        emailChangeUndoDisputed: "The address your email was changed back from said the change was not theirs",
        /** What our support team did, said with "by our support team" after it. */
        supportSearched: "Your account was found in a search",
        supportViewed: "Your account was looked at",
        rateLimitsCleared: "The limits on sign-in attempts were cleared",
        accountDisabled: "Your account was disabled",
        accountEnabled: "Your account was enabled again",
        roleChanged: "Your account's role was changed",
        mailCleared: "Emails to your address were turned back on",
        googleSessionsRevoked: "Google ended your Google account's sessions, so every browser and app was signed out",
        googleTokensRevoked: "Google said our access to your Google account was revoked, so every browser and app was signed out",
        googleAccountHijacked:
          "Google said your Google account may have been taken over: every browser and app was signed out and signing in with Google was paused",
        googleAccountDisabled: "Google said your Google account was disabled",
        googleAccountEnabled: "Google said your Google account was enabled again",
        googleCredentialChangeRequired: "Google asked you to change your Google account's password",
        googleHoldCleared: "Signing in with Google was turned back on",
        /** An event this page has no words for yet, by its name ("Passkey added"). */
        other: (event: string) => event.replaceAll("_", " ").replace(/^./, (first) => first.toUpperCase()),
      },
      /**
       * One line as a sentence: what happened, then by our support team or from which browser,
       * near which network, and whether the browser was new: "Signed in with an emailed link from
       * Chrome on Windows, near 203.0.113.0, a browser new to this account."
       */
      sentence: (what: string, where: { bySupport: boolean; device?: string; network?: string; newBrowser: boolean }) =>
        `${what}${where.bySupport ? " by our support team" : where.device ? ` from ${where.device}` : ""}${
          where.network && !where.bySupport ? `, near ${where.network}` : ""
        }${where.newBrowser ? ", a browser new to this account" : ""}.`,
    },
    data: {
      heading: "Your data",
      text: "Download a copy of everything we hold about your account, as a JSON file.",
      download: "Download My Data",
    },
    delete: {
      heading: "Delete your account",
      text: "Deleting your account signs you out everywhere, unlinks Google, Microsoft and your devices, removes your licenses (paid ones included), and erases your details and activity. It cannot be undone.",
      request: "Delete My Account",
      confirmText: "We will email you a link to confirm. Nothing is deleted until you open it.",
      confirm: "Email Me the Link",
      cancel: "Cancel",
      sent: (email: string) => `We sent a link to ${email}. Open it to confirm: it works once, and soon expires.`,
    },
  },
  deleteAccount: {
    title: "Delete Your Account",
    checking: "Checking your link...",
    text: (email: string) => `This deletes the account ${email}:`,
    effects: [
      "every browser, computer and app signed in with it is signed out;",
      "its password, Google and Microsoft links, devices and settings are removed;",
      "its licenses, paid ones included, end;",
      "its details and activity are erased.",
    ],
    cannotUndo: "This cannot be undone.",
    confirm: "Delete My Account",
    keep: "Keep My Account",
    deletedTitle: "Your Account Is Deleted",
    deletedText: "We have deleted your account and sent a last email to confirm it. Thank you for being with us.",
    keptTitle: "Your Account Stays",
    keptText: "Nothing was deleted, and the link in the email no longer works.",
    refusedTitle: "This Link Cannot Be Used",
    incomplete: "This link is incomplete. Open it again from the email, or ask for a new one on your account page.",
    toBrand: (name: string) => `Go to ${name}`,
    failed: "Your account could not be deleted. Please try again.",
    checkFailed: "Your link could not be checked just now. Please try again.",
    retry: "Try Again",
    toAccount: "Go to My Account",
  },
} as const;
