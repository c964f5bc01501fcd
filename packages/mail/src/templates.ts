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
type InvitationVars = { link: string; organisation: string; inviter: string };
type SurveyInvitationVars = { link: string; organisation: string; survey: string };
type SurveyProgressVars = {
  link: string;
  organisation: string;
  survey: string;
  period: string;
  newAnswers: string;
  totalAnswers: string;
  end: string;
};
type SurveyEndedVars = { link: string; organisation: string; survey: string; totalAnswers: string };
type TrialEndingVars = { link: string; organisation: string; plan: string; date: string };
const INVITATION_SUBJECT: Texts = {
  en: "You are invited to join an organisation in Kunto",
  fi: "Sinut on kutsuttu organisaatioon Kunnossa",
  ee: "Teid on kutsutud organisatsiooniga liituma Kuntos",
  ru: "Вас пригласили в организацию в Kunto",
  pl: "Zaproszenie do organizacji w Kunto",
};

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
  /** An invitation to an address that has an account: sign in and answer it (issue 6.7). */
  invitation: {
    subject: INVITATION_SUBJECT,
    body: ({ link, organisation, inviter }: InvitationVars) => ({
      en: `${inviter} invited you to join the organisation ${organisation} in Kunto.\n\nSign in with this e-mail address to accept or decline the invitation. It is valid for 14 days.\n${link}\n\nIf you do not know the organisation, decline the invitation or ignore this message: nothing changes without your answer.`,
      fi: `${inviter} kutsui sinut organisaatioon ${organisation} Kunnossa.\n\nKirjaudu tällä sähköpostiosoitteella ja hyväksy tai hylkää kutsu. Kutsu on voimassa 14 päivää.\n${link}\n\nJos et tunne organisaatiota, hylkää kutsu tai jätä tämä viesti huomiotta: mikään ei muutu ilman vastaustasi.`,
      ee: `${inviter} kutsus Teid liituma organisatsiooniga ${organisation} Kuntos.\n\nLogige selle e-posti aadressiga sisse, et kutse vastu võtta või sellest keelduda. Kutse kehtib 14 päeva.\n${link}\n\nKui Te seda organisatsiooni ei tunne, keelduge kutsest või jätke see kiri tähelepanuta: ilma Teie vastuseta ei muutu midagi.`,
      ru: `${inviter} приглашает вас в организацию ${organisation} в Kunto.\n\nВойдите с этим адресом электронной почты, чтобы принять или отклонить приглашение. Приглашение действует 14 дней.\n${link}\n\nЕсли вы не знаете эту организацию, отклоните приглашение или проигнорируйте это письмо: без вашего ответа ничего не изменится.`,
      pl: `${inviter} zaprasza Cię do organizacji ${organisation} w Kunto.\n\nZaloguj się tym adresem e-mail, aby przyjąć lub odrzucić zaproszenie. Zaproszenie jest ważne przez 14 dni.\n${link}\n\nJeśli nie znasz tej organizacji, odrzuć zaproszenie lub zignoruj tę wiadomość: bez Twojej odpowiedzi nic się nie zmieni.`,
    }),
    secrets: [],
  } satisfies MailTemplate<InvitationVars>,
  /**
   * An invitation to an address without an account: sign up with it (the link fills it in), then
   * answer the invitation once signed in. Nothing is created before the person acts.
   */
  invitationSignUp: {
    subject: INVITATION_SUBJECT,
    body: ({ link, organisation, inviter }: InvitationVars) => ({
      en: `${inviter} invited you to join the organisation ${organisation} in Kunto.\n\nCreate your Kunto account with this e-mail address:\n${link}\n\nOnce you have confirmed the address and signed in, you can accept or decline the invitation. It is valid for 14 days.\n\nIf you do not know the organisation, ignore this message: nothing happens without your answer.`,
      fi: `${inviter} kutsui sinut organisaatioon ${organisation} Kunnossa.\n\nLuo Kunto-tunnus tällä sähköpostiosoitteella:\n${link}\n\nKun olet vahvistanut osoitteen ja kirjautunut, voit hyväksyä tai hylätä kutsun. Kutsu on voimassa 14 päivää.\n\nJos et tunne organisaatiota, jätä tämä viesti huomiotta: mitään ei tapahdu ilman vastaustasi.`,
      ee: `${inviter} kutsus Teid liituma organisatsiooniga ${organisation} Kuntos.\n\nLooge selle e-posti aadressiga Kunto kasutajakonto:\n${link}\n\nKui olete aadressi kinnitanud ja sisse loginud, saate kutse vastu võtta või sellest keelduda. Kutse kehtib 14 päeva.\n\nKui Te seda organisatsiooni ei tunne, jätke see kiri tähelepanuta: ilma Teie vastuseta ei juhtu midagi.`,
      ru: `${inviter} приглашает вас в организацию ${organisation} в Kunto.\n\nСоздайте учётную запись Kunto с этим адресом электронной почты:\n${link}\n\nПосле подтверждения адреса и входа вы сможете принять или отклонить приглашение. Приглашение действует 14 дней.\n\nЕсли вы не знаете эту организацию, проигнорируйте это письмо: без вашего ответа ничего не произойдёт.`,
      pl: `${inviter} zaprasza Cię do organizacji ${organisation} w Kunto.\n\nZałóż konto Kunto z tym adresem e-mail:\n${link}\n\nPo potwierdzeniu adresu i zalogowaniu możesz przyjąć lub odrzucić zaproszenie. Zaproszenie jest ważne przez 14 dni.\n\nJeśli nie znasz tej organizacji, zignoruj tę wiadomość: bez Twojej odpowiedzi nic się nie stanie.`,
    }),
    secrets: [],
  } satisfies MailTemplate<InvitationVars>,
  /**
   * A survey sent by e-mail from a share (document 2 §5). The public link is no secret: the same
   * link is copied and handed out freely, and the admin sees which addresses were sent to.
   */
  surveyInvitation: {
    subject: {
      en: "You are invited to answer a survey",
      fi: "Sinut on kutsuttu vastaamaan kyselyyn",
      ee: "Teid kutsutakse küsitlusele vastama",
      ru: "Приглашение ответить на опрос",
      pl: "Zaproszenie do wypełnienia ankiety",
    },
    body: ({ link, organisation, survey }: SurveyInvitationVars) => ({
      en: `${organisation} invites you to answer the survey "${survey}" in Kunto.\n\nOpen this link to answer; it takes about 10 minutes and your answers are anonymous:\n${link}`,
      fi: `${organisation} kutsuu sinut vastaamaan kyselyyn "${survey}" Kunnossa.\n\nVastaa avaamalla tämä linkki; vastaaminen vie noin 10 minuuttia ja vastauksesi ovat nimettömiä:\n${link}`,
      ee: `${organisation} kutsub Teid vastama küsitlusele "${survey}" Kuntos.\n\nVastamiseks avage see link; see võtab umbes 10 minutit ja Teie vastused on anonüümsed:\n${link}`,
      ru: `${organisation} приглашает вас ответить на опрос «${survey}» в Kunto.\n\nОткройте эту ссылку, чтобы ответить; это займёт около 10 минут, ответы анонимны:\n${link}`,
      pl: `${organisation} zaprasza Cię do wypełnienia ankiety „${survey}” w Kunto.\n\nOtwórz ten link, aby odpowiedzieć; zajmie to około 10 minut, a odpowiedzi są anonimowe:\n${link}`,
    }),
    secrets: [],
  } satisfies MailTemplate<SurveyInvitationVars>,
  /**
   * A running survey's DAILY or WEEKLY summary to the organisation's admins (document 2 §3
   * notifications; docs/decisions.md "Notifications"): the answers of the past day or week.
   */
  surveyProgress: {
    subject: {
      en: "Survey answers so far",
      fi: "Kyselyn vastaukset tähän mennessä",
      ee: "Küsitluse vastused seni",
      ru: "Ответы на опрос на данный момент",
      pl: "Dotychczasowe odpowiedzi w ankiecie",
    },
    body: ({ link, organisation, survey, period, newAnswers, totalAnswers, end }: SurveyProgressVars) => ({
      en: `The survey "${survey}" of ${organisation} is running until ${end}.\n\nNew answers (${period}): ${newAnswers}\nAnswers in total: ${totalAnswers}\n\nOpen the survey in Kunto:\n${link}\n\nYou can change or turn off these summaries on the survey's page.`,
      fi: `Organisaation ${organisation} kysely "${survey}" on käynnissä ${end} asti.\n\nUusia vastauksia (${period}): ${newAnswers}\nVastauksia yhteensä: ${totalAnswers}\n\nAvaa kysely Kunnossa:\n${link}\n\nVoit muuttaa tai poistaa nämä yhteenvedot kyselyn sivulla.`,
      ee: `Organisatsiooni ${organisation} küsitlus "${survey}" kestab kuni ${end}.\n\nUusi vastuseid (${period}): ${newAnswers}\nVastuseid kokku: ${totalAnswers}\n\nAvage küsitlus Kuntos:\n${link}\n\nNeid kokkuvõtteid saate muuta või välja lülitada küsitluse lehel.`,
      ru: `Опрос «${survey}» организации ${organisation} идёт до ${end}.\n\nНовых ответов (${period}): ${newAnswers}\nВсего ответов: ${totalAnswers}\n\nОткрыть опрос в Kunto:\n${link}\n\nИзменить или отключить эти сводки можно на странице опроса.`,
      pl: `Ankieta „${survey}” organizacji ${organisation} trwa do ${end}.\n\nNowe odpowiedzi (${period}): ${newAnswers}\nOdpowiedzi łącznie: ${totalAnswers}\n\nOtwórz ankietę w Kunto:\n${link}\n\nTe podsumowania możesz zmienić lub wyłączyć na stronie ankiety.`,
    }),
    secrets: [],
  } satisfies MailTemplate<SurveyProgressVars>,
  /** The survey_end e-mail subscription (document 1 §7): a survey of the organisation has ended. */
  surveyEnded: {
    subject: {
      en: "A survey has ended",
      fi: "Kysely on päättynyt",
      ee: "Küsitlus on lõppenud",
      ru: "Опрос завершён",
      pl: "Ankieta została zakończona",
    },
    body: ({ link, organisation, survey, totalAnswers }: SurveyEndedVars) => ({
      en: `The survey "${survey}" of ${organisation} has ended with ${totalAnswers} answers.\n\nSee the results in Kunto:\n${link}\n\nYou get this mail because you subscribed to survey end notices in your profile.`,
      fi: `Organisaation ${organisation} kysely "${survey}" on päättynyt. Vastauksia saatiin ${totalAnswers}.\n\nKatso tulokset Kunnossa:\n${link}\n\nSait tämän viestin, koska tilasit profiilissasi ilmoitukset kyselyjen päättymisestä.`,
      ee: `Organisatsiooni ${organisation} küsitlus "${survey}" on lõppenud, vastuseid on ${totalAnswers}.\n\nVaadake tulemusi Kuntos:\n${link}\n\nSaite selle kirja, sest tellisite oma profiilis teated küsitluste lõppemise kohta.`,
      ru: `Опрос «${survey}» организации ${organisation} завершён, получено ответов: ${totalAnswers}.\n\nРезультаты в Kunto:\n${link}\n\nВы получили это письмо, потому что подписались в профиле на уведомления о завершении опросов.`,
      pl: `Ankieta „${survey}” organizacji ${organisation} została zakończona. Liczba odpowiedzi: ${totalAnswers}.\n\nZobacz wyniki w Kunto:\n${link}\n\nOtrzymujesz tę wiadomość, ponieważ w profilu zapisałeś(-aś) się na powiadomienia o zakończeniu ankiet.`,
    }),
    secrets: [],
  } satisfies MailTemplate<SurveyEndedVars>,
  /**
   * Stripe's `customer.subscription.trial_will_end` (3 days before the trial's end; issue 21), to the
   * organisation's admins. True whether the subscription then goes on or was canceled.
   */
  trialEnding: {
    subject: {
      en: "Your Kunto trial is ending",
      fi: "Kunto-kokeilujaksosi on päättymässä",
      ee: "Teie Kunto prooviperiood on lõppemas",
      ru: "Пробный период Kunto заканчивается",
      pl: "Okres próbny Kunto dobiega końca",
    },
    body: ({ link, organisation, plan, date }: TrialEndingVars) => ({
      en: `The trial of Kunto ${plan} for ${organisation} ends on ${date}.\n\nAfter that the subscription continues and is charged to the payment details given at checkout, unless it has been canceled. You can check the plan, change the payment details or cancel in the organisation's settings:\n${link}`,
      fi: `Organisaation ${organisation} Kunto ${plan} -kokeilujakso päättyy ${date}.\n\nSen jälkeen tilaus jatkuu ja veloitetaan tilauksen yhteydessä annetuilta maksutiedoilta, ellei tilausta ole peruttu. Voit tarkistaa tilauksen, muuttaa maksutietoja tai perua tilauksen organisaation asetuksissa:\n${link}`,
      ee: `Organisatsiooni ${organisation} Kunto ${plan} prooviperiood lõpeb ${date}.\n\nSeejärel tellimus jätkub ja tasu võetakse tellimisel antud makseandmetelt, kui tellimust ei ole tühistatud. Paketti saate kontrollida, makseandmeid muuta või tellimuse tühistada organisatsiooni seadetes:\n${link}`,
      ru: `Пробный период Kunto ${plan} для организации ${organisation} заканчивается ${date}.\n\nПосле этого подписка продолжится, и оплата будет списана по платёжным данным, указанным при оформлении, если подписка не отменена. Проверить тариф, изменить платёжные данные или отменить подписку можно в настройках организации:\n${link}`,
      pl: `Okres próbny Kunto ${plan} dla organizacji ${organisation} kończy się ${date}.\n\nPotem subskrypcja będzie kontynuowana, a opłata zostanie pobrana zgodnie z danymi płatności podanymi przy zakupie, chyba że subskrypcja została anulowana. Plan, dane płatności i anulowanie znajdziesz w ustawieniach organizacji:\n${link}`,
    }),
    secrets: [],
  } satisfies MailTemplate<TrialEndingVars>,
} as const;

export type MailKind = keyof typeof MAIL_TEMPLATES;
export type MailVars<K extends MailKind> = Parameters<(typeof MAIL_TEMPLATES)[K]["body"]>[0];

/** Stored texts that replace a template's built-in ones (the translations editor's `mail.*` tids). */
export interface MailOverrides {
  subject?: string;
  /** With `{var}` placeholders. */
  body?: string;
}

/** `{var}` of a stored text replaced by the variable's value; unknown names stay as written. */
const fill = (text: string, vars: Record<string, unknown>) =>
  text.replace(/\{(\w+)\}/g, (whole, name: string) =>
    Object.hasOwn(vars, name) ? String(vars[name]) : whole,
  );

/**
 * The mail's subject and text, and the text with every secret variable replaced by REDACTED (null
 * when the template has no secret). A stored override wins over the built-in text.
 */
export function renderMail<K extends MailKind>(
  kind: K,
  language: Language,
  vars: MailVars<K>,
  overrides: MailOverrides = {},
) {
  const template = MAIL_TEMPLATES[kind] as unknown as MailTemplate<MailVars<K>>;
  const redacted =
    template.secrets.length > 0
      ? { ...vars, ...Object.fromEntries(template.secrets.map((key) => [key, REDACTED])) }
      : null;
  const body = (values: MailVars<K>) =>
    overrides.body
      ? fill(overrides.body, values as Record<string, unknown>)
      : template.body(values)[language];
  return {
    subject: overrides.subject || template.subject[language],
    text: body(vars),
    redactedText: redacted ? body(redacted) : null,
  };
}
