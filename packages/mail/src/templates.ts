import type { Language } from "@kunto/core";

/**
 * Mail texts in the five languages. Kept as typed records beside the mail module (not in the web
 * client's Lingui catalogs) because the server renders them; a missing language falls back to
 * English by the type, which demands all five.
 */
type Texts = Record<Language, string>;
interface MailTemplate<V> {
  subject: Texts;
  body: (vars: V) => Texts;
  /**
   * Variables that open something (a link with a token, a code, a temporary password). The outbox
   * keeps them only until the mail is sent or given up, then only the text without them (issue 6.10).
   */
  secrets: ReadonlyArray<keyof V>;
}

/** What a secret variable reads as once it is removed. */
export const REDACTED = "[removed]";

export const MAIL_TEMPLATES = {
  confirmEmail: {
    subject: {
      en: "Confirm your e-mail address for Kunto",
      fi: "Vahvista sähköpostiosoitteesi Kuntoon",
      ee: "Kinnitage oma e-posti aadress Kuntos",
      ru: "Подтвердите адрес электронной почты для Kunto",
      pl: "Potwierdź swój adres e-mail w Kunto",
    },
    body: ({ link }: { link: string }) => ({
      en: `Welcome to Kunto.\n\nConfirm your e-mail address by opening this link within 48 hours:\n${link}\n\nIf you did not sign up, you can ignore this message.`,
      fi: `Tervetuloa Kuntoon.\n\nVahvista sähköpostiosoitteesi avaamalla tämä linkki 48 tunnin kuluessa:\n${link}\n\nJos et rekisteröitynyt, voit jättää tämän viestin huomiotta.`,
      ee: `Tere tulemast Kuntosse.\n\nKinnitage oma e-posti aadress, avades selle lingi 48 tunni jooksul:\n${link}\n\nKui Te ei registreerunud, võite selle kirja tähelepanuta jätta.`,
      ru: `Добро пожаловать в Kunto.\n\nПодтвердите адрес электронной почты, открыв эту ссылку в течение 48 часов:\n${link}\n\nЕсли вы не регистрировались, просто проигнорируйте это письмо.`,
      pl: `Witamy w Kunto.\n\nPotwierdź swój adres e-mail, otwierając ten link w ciągu 48 godzin:\n${link}\n\nJeśli to nie Ty się rejestrowałeś(-aś), zignoruj tę wiadomość.`,
    }),
    secrets: ["link"],
  } satisfies MailTemplate<{ link: string }>,
  resetCode: {
    subject: {
      en: "Your Kunto password reset code",
      fi: "Kunto-salasanasi palautuskoodi",
      ee: "Teie Kunto parooli lähtestamise kood",
      ru: "Код для сброса пароля Kunto",
      pl: "Twój kod resetowania hasła Kunto",
    },
    body: ({ code }: { code: string }) => ({
      en: `Your password reset code is ${code}. It is valid for 15 minutes.\n\nIf you did not ask for it, you can ignore this message; your password has not changed.`,
      fi: `Salasanan palautuskoodisi on ${code}. Se on voimassa 15 minuuttia.\n\nJos et pyytänyt koodia, voit jättää tämän viestin huomiotta; salasanasi ei ole muuttunut.`,
      ee: `Teie parooli lähtestamise kood on ${code}. See kehtib 15 minutit.\n\nKui Te seda ei küsinud, võite selle kirja tähelepanuta jätta; Teie parool ei ole muutunud.`,
      ru: `Ваш код для сброса пароля: ${code}. Он действует 15 минут.\n\nЕсли вы его не запрашивали, проигнорируйте это письмо: ваш пароль не изменён.`,
      pl: `Twój kod resetowania hasła to ${code}. Jest ważny przez 15 minut.\n\nJeśli nie prosiłeś(-aś) o niego, zignoruj tę wiadomość; Twoje hasło nie zostało zmienione.`,
    }),
    secrets: ["code"],
  } satisfies MailTemplate<{ code: string }>,
  accountCreated: {
    subject: {
      en: "You have been given access to Kunto",
      fi: "Sinulle on annettu käyttöoikeus Kuntoon",
      ee: "Teile on antud juurdepääs Kuntole",
      ru: "Вам предоставлен доступ к Kunto",
      pl: "Otrzymałeś(-aś) dostęp do Kunto",
    },
    body: ({ link, account, password }: { link: string; account: string; password: string }) => ({
      en: `You have been added to ${account} in Kunto.\n\nSign in at ${link} with this e-mail address and the temporary password ${password}. You will be asked to choose your own password.`,
      fi: `Sinut on lisätty tiliin ${account} Kunnossa.\n\nKirjaudu osoitteessa ${link} tällä sähköpostiosoitteella ja väliaikaisella salasanalla ${password}. Sinua pyydetään valitsemaan oma salasana.`,
      ee: `Teid on lisatud kontole ${account} Kuntos.\n\nLogige sisse aadressil ${link} selle e-posti aadressi ja ajutise parooliga ${password}. Teil palutakse valida oma parool.`,
      ru: `Вас добавили в ${account} в Kunto.\n\nВойдите на ${link} с этим адресом электронной почты и временным паролем ${password}. Вам будет предложено выбрать свой пароль.`,
      pl: `Dodano Cię do konta ${account} w Kunto.\n\nZaloguj się na ${link} tym adresem e-mail i hasłem tymczasowym ${password}. Zostaniesz poproszony(-a) o ustawienie własnego hasła.`,
    }),
    secrets: ["password"],
  } satisfies MailTemplate<{ link: string; account: string; password: string }>,
  addedToAccount: {
    subject: {
      en: "You have been added to an account in Kunto",
      fi: "Sinut on lisätty tiliin Kunnossa",
      ee: "Teid on lisatud kontole Kuntos",
      ru: "Вас добавили в аккаунт в Kunto",
      pl: "Dodano Cię do konta w Kunto",
    },
    body: ({ link, account }: { link: string; account: string }) => ({
      en: `You now have access to ${account} in Kunto. Sign in at ${link}.`,
      fi: `Sinulla on nyt pääsy tiliin ${account} Kunnossa. Kirjaudu osoitteessa ${link}.`,
      ee: `Teil on nüüd juurdepääs kontole ${account} Kuntos. Logige sisse aadressil ${link}.`,
      ru: `Теперь у вас есть доступ к ${account} в Kunto. Войдите на ${link}.`,
      pl: `Masz teraz dostęp do konta ${account} w Kunto. Zaloguj się na ${link}.`,
    }),
    secrets: [],
  } satisfies MailTemplate<{ link: string; account: string }>,
} as const;

export type MailKind = keyof typeof MAIL_TEMPLATES;
export type MailVars<K extends MailKind> = Parameters<(typeof MAIL_TEMPLATES)[K]["body"]>[0];

/**
 * The mail's subject and text, and the text with every secret variable replaced by REDACTED (null
 * when the template has no secret).
 */
export function renderMail<K extends MailKind>(kind: K, language: Language, vars: MailVars<K>) {
  const template = MAIL_TEMPLATES[kind] as unknown as MailTemplate<MailVars<K>>;
  const redacted =
    template.secrets.length > 0
      ? { ...vars, ...Object.fromEntries(template.secrets.map((key) => [key, REDACTED])) }
      : null;
  return {
    subject: template.subject[language],
    text: template.body(vars)[language],
    redactedText: redacted ? template.body(redacted)[language] : null,
  };
}
