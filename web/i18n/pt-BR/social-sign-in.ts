import type { Catalogue } from "../../../common/i18n/catalogue.ts";
import type { strings as english } from "../en/social-sign-in.ts";
import { strings as shared } from "./shared.ts";

/** A sign-in with Google that did not complete. Loaded with those screens. */
export const strings: Catalogue<typeof english> = {
  ...shared,
  /** A sign-in with Google that did not complete (common/social-sign-in.ts names the problems). */
  socialSignIn: {
    cancelled: {
      title: "O login com o Google foi cancelado",
      text: "Você não entrou: o login com o Google foi cancelado. Tente novamente ou entre com seu e-mail.",
    },
    refused: {
      title: "O Google não concluiu seu login",
      text: "O Google recusou este login, por isso você não entrou. Tente novamente ou entre com seu e-mail.",
    },
    expired: {
      title: "Este login expirou",
      text: "O login com o Google demorou demais, já foi concluído ou foi iniciado em outra janela do navegador. Comece de novo.",
    },
    unverified: {
      title: "Seu e-mail do Google não foi verificado",
      text: "O Google não verificou o endereço de e-mail desta Conta do Google, por isso não é possível entrar com ela. Verifique o endereço com o Google ou entre com seu e-mail.",
    },
    unreachable: {
      title: "O Google não está respondendo",
      text: "Não conseguimos nos comunicar com o Google para concluir seu login. Tente novamente daqui a pouco ou entre com seu e-mail.",
    },
    failed: {
      title: "Falha no login com o Google",
      text: "Não foi possível verificar a resposta do Google, por isso você não entrou. Tente novamente ou entre com seu e-mail.",
    },
    busy: {
      title: "Muitas tentativas",
      text: "Houve muitas tentativas de login a partir da sua rede. Aguarde um pouco e tente novamente ou entre com seu e-mail.",
    },
    unavailable: {
      title: "Login com o Google indisponível",
      text: "O login com este provedor não está disponível aqui. Entre com seu e-mail.",
    },
    disabled: {
      title: "Esta conta está desativada",
      text: "A conta vinculada a este login do Google foi desativada e não pode ser usada para entrar. Entre em contato com o suporte.",
    },
    /** The provider does not vouch for the address of the account it would be linked to. */
    unconfirmed: {
      title: "Confirme seu e-mail primeiro",
      text: "O Google não confirmou que esta Conta do Google é dona do endereço de e-mail, então ela ainda não pode ser vinculada à sua conta. Entre primeiro com seu e-mail e, depois, escolha “Continuar com o Google” de novo neste navegador para vinculá-la.",
    },
    held: {
      title: "O login com o Google está pausado",
      text: "O Google nos informou que esta conta do Google pode ter sido invadida, então ela não pode entrar na sua conta por enquanto. Entre com sua senha ou uma chave de acesso, ou fale com o suporte. Não vale uma senha ou chave de acesso adicionada no mês anterior.",
    },
    backToLogin: "Voltar para o login",
  },
  /** The same, of a sign-in with Microsoft. */
  microsoftSignIn: {
    cancelled: {
      title: "O login com a Microsoft foi cancelado",
      text: "Você não entrou: o login com a Microsoft foi cancelado. Tente novamente ou entre com seu e-mail.",
    },
    refused: {
      title: "A Microsoft não concluiu seu login",
      text: "A Microsoft recusou este login, por isso você não entrou. Tente novamente ou entre com seu e-mail.",
    },
    expired: {
      title: "Este login expirou",
      text: "O login com a Microsoft demorou demais, já foi concluído ou foi iniciado em outra janela do navegador. Comece de novo.",
    },
    unverified: {
      title: "Seu e-mail da Microsoft não foi verificado",
      text: "A Microsoft não verificou o endereço de e-mail desta Conta Microsoft, por isso não é possível entrar com ela. Verifique o endereço com a Microsoft ou entre com seu e-mail.",
    },
    unreachable: {
      title: "A Microsoft não está respondendo",
      text: "Não conseguimos nos comunicar com a Microsoft para concluir seu login. Tente novamente daqui a pouco ou entre com seu e-mail.",
    },
    failed: {
      title: "Falha no login com a Microsoft",
      text: "Não foi possível verificar a resposta da Microsoft, por isso você não entrou. Tente novamente ou entre com seu e-mail.",
    },
    busy: {
      title: "Muitas tentativas",
      text: "Houve muitas tentativas de login a partir da sua rede. Aguarde um pouco e tente novamente ou entre com seu e-mail.",
    },
    unavailable: {
      title: "Login com a Microsoft indisponível",
      text: "O login com este provedor não está disponível aqui. Entre com seu e-mail.",
    },
    disabled: {
      title: "Esta conta está desativada",
      text: "A conta vinculada a este login da Microsoft foi desativada e não pode ser usada para entrar. Entre em contato com o suporte.",
    },
    /** The provider does not vouch for the address of the account it would be linked to. */
    unconfirmed: {
      title: "Confirme seu e-mail primeiro",
      text: "A Microsoft não confirmou que esta Conta Microsoft é dona do endereço de e-mail, então ela ainda não pode ser vinculada à sua conta. Entre primeiro com seu e-mail e, depois, escolha “Continuar com a Microsoft” de novo neste navegador para vinculá-la.",
    },
  },
};
