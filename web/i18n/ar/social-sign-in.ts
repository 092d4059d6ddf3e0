import type { Catalogue } from "../../../common/i18n/catalogue.ts";
import type { strings as english } from "../en/social-sign-in.ts";
import { strings as shared } from "./shared.ts";

/** A sign-in with Google that did not complete. Loaded with those screens (see ../en.ts). */
export const strings: Catalogue<typeof english> = {
  ...shared,
  /** A sign-in with Google that did not complete (common/social-sign-in.ts names the problems). */
  socialSignIn: {
    cancelled: {
      title: "تم إلغاء تسجيل الدخول باستخدام Google",
      text: "لم يتم تسجيل دخولك لأن تسجيل الدخول باستخدام Google أُلغي. يمكنك المحاولة مرة أخرى أو تسجيل الدخول باستخدام بريدك الإلكتروني.",
    },
    refused: {
      title: "لم تسمح Google بتسجيل دخولك",
      text: "رفضت Google عملية تسجيل الدخول هذه، لذا لم يتم تسجيل دخولك. يُرجى المحاولة مرة أخرى أو تسجيل الدخول باستخدام بريدك الإلكتروني.",
    },
    expired: {
      title: "انتهت صلاحية عملية تسجيل الدخول هذه",
      text: "استغرق تسجيل الدخول باستخدام Google وقتًا طويلًا جدًا، أو اكتمل من قبل، أو بدأ في نافذة متصفح أخرى. يُرجى البدء من جديد.",
    },
    unverified: {
      title: "لم يتم التحقق من بريدك الإلكتروني في Google",
      text: "لم تتحقق Google من عنوان البريد الإلكتروني لحساب Google هذا، لذا لا يمكن استخدامه لتسجيل دخولك. تحقق من العنوان لدى Google أو سجّل الدخول باستخدام بريدك الإلكتروني.",
    },
    unreachable: {
      title: "لا استجابة من Google",
      text: "تعذّر علينا الوصول إلى Google لإكمال تسجيل دخولك. يُرجى المحاولة مرة أخرى بعد قليل أو تسجيل الدخول باستخدام بريدك الإلكتروني.",
    },
    failed: {
      title: "تعذّر تسجيل الدخول باستخدام Google",
      text: "تعذّر التحقق من رد Google، لذا لم يتم تسجيل دخولك. يُرجى المحاولة مرة أخرى أو تسجيل الدخول باستخدام بريدك الإلكتروني.",
    },
    busy: {
      title: "محاولات كثيرة جدًا",
      text: "جرت محاولات كثيرة جدًا لتسجيل الدخول من شبكتك. يُرجى الانتظار قليلًا ثم المحاولة مرة أخرى، أو تسجيل الدخول باستخدام بريدك الإلكتروني.",
    },
    unavailable: {
      title: "تسجيل الدخول باستخدام Google غير متاح",
      text: "تسجيل الدخول باستخدام هذا المزوّد غير متاح هنا. يُرجى تسجيل الدخول باستخدام بريدك الإلكتروني.",
    },
    disabled: {
      title: "هذا الحساب معطّل",
      text: "تم تعطيل الحساب المرتبط بتسجيل الدخول هذا عبر Google، لذا لا يمكن استخدامه لتسجيل الدخول. يُرجى التواصل مع فريق الدعم.",
    },
    backToLogin: "العودة إلى تسجيل الدخول",
  },
};
