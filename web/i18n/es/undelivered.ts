import type { Catalogue } from "../../../common/i18n/catalogue.ts";
import type { strings as english } from "../en/undelivered.ts";
import { strings as shared } from "./shared.ts";

/**
 * "Email Not Delivered": what the sign-in screens say when our mail to the address did not arrive
 * (docs/decisions/0087). Loaded with its panel, only when it is shown.
 */
export const strings: Catalogue<typeof english> = {
  ...shared,
  undelivered: {
    title: "Correo no entregado",
    notDelivered: "No hemos podido entregar nuestro correo a",
    notDeliveredAfter: ".",
    reasons: {
      no_mailbox: "El servidor de correo de destino indica que ese buzón no existe. Revisa si la dirección tiene algún error.",
      mailbox_full: "El servidor de correo de destino indica que el buzón está lleno.",
      blocked: "El servidor de correo de destino ha bloqueado nuestro correo.",
      other: "El servidor de correo de destino no lo ha aceptado.",
    },
    otherWays: "O inicia sesión de otra forma:",
    password: "Iniciar sesión con tu contraseña",
    support: "¿Necesitas ayuda? Ponte en contacto con nuestro equipo de asistencia.",
    supportWithReference: "¿Necesitas ayuda? Ponte en contacto con nuestro equipo de asistencia e indícale esta referencia.",
    reference: "Referencia:",
  },
};
