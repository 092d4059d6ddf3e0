import type { Catalogue } from "../../../common/i18n/catalogue.ts";
import type { strings as english } from "../en/no-script.ts";
import { strings as accessLink } from "./access-link.ts";

/**
 * What a browser without JavaScript is shown (web/no-script/): the emailed link works without it,
 * everything else says what needs it. Rendered on the server only, never part of the app's chunks.
 */
export const strings: Catalogue<typeof english> = {
  ...accessLink,
  noScript: {
    loginHint:
      "Para entrar com senha, com o Google ou com a Microsoft, é preciso ativar o JavaScript. O link enviado por e-mail funciona sem ele.",
    title: "Ative o JavaScript",
    text: "Esta página precisa do JavaScript. Ative-o nas configurações do navegador e recarregue a página.",
    emailInstead: "Ou entre com um link enviado por e-mail, que funciona sem JavaScript.",
    signInByEmail: "Entrar com um link por e-mail",
    checkEmailText: "Abra o link do e-mail para concluir o login.",
  },
};
