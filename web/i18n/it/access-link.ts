import type { Catalogue } from "../../../common/i18n/catalogue.ts";
import type { strings as english } from "../en/access-link.ts";
import { strings as shared } from "./shared.ts";

/** The emailed access link's page. Loaded with those screens (see ../en.ts). */
export const strings: Catalogue<typeof english> = {
  ...shared,
  accessLink: {
    title: (brand: string) => `Accedi a ${brand}`,
    text: "Hai aperto il tuo link di accesso personale. Premi il pulsante per completare l'accesso.",
    signIn: "Accedi",
    signingIn: "Accesso in corso...",
    usedTitle: "Questo link è già stato usato",
    usedText: "Ogni link di accesso funziona una sola volta. Richiedine uno nuovo e te lo invieremo via email.",
    expiredTitle: "Questo link è scaduto",
    expiredText: "Per la tua sicurezza, i link di accesso scadono. Richiedine uno nuovo e te lo invieremo via email.",
    unknownTitle: "Questo link non è valido",
    unknownText:
      "Il link potrebbe essere incompleto: alcuni programmi di posta spezzano i link lunghi. Richiedine uno nuovo e te lo invieremo via email.",
    newLink: "Inviami un nuovo link",
  },
};
