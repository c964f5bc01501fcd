/** Help tasks the onboarding offers for running the personnel and management surveys. */
import { type BuiltTasks, buildHelpTasks } from "../authoring";
import type { HelpTaskDef } from "../types";

export const personnelHelpTasks: BuiltTasks<HelpTaskDef> = buildHelpTasks("personnel_help", [
  {
    priority: "HIGH",
    name: {
      en: "Share the personnel survey with every team",
      fi: "Jaa henkilöstökysely jokaiselle tiimille",
      ee: "Jagage töötajate küsitlust igale meeskonnale",
      ru: "Разослать опрос персонала всем командам",
      pl: "Udostępnić ankietę dla pracowników każdemu zespołowi",
    },
    description: {
      en: "Send the survey link to every team and make sure everyone, including part-time and field staff, can answer it.",
      fi: "Lähetä kyselyn linkki jokaiselle tiimille ja varmista, että kaikki, myös osa-aikaiset ja kentällä työskentelevät, voivat vastata.",
      ee: "Saatke küsitluse link igale meeskonnale ja veenduge, et kõik, sealhulgas osalise tööajaga ja väljas töötavad inimesed, saavad vastata.",
      ru: "Отправить ссылку на опрос всем командам и убедиться, что ответить могут все, включая сотрудников с неполным рабочим днём и выездных работников.",
      pl: "Wysłać link do ankiety wszystkim zespołom i upewnić się, że odpowiedzieć mogą wszyscy, także osoby pracujące w niepełnym wymiarze i w terenie.",
    },
  },
  {
    priority: "HIGH",
    name: {
      en: "Explain why the survey matters and that answers are anonymous",
      fi: "Kerro, miksi kysely on tärkeä ja että vastaukset ovat anonyymejä",
      ee: "Selgitage, miks küsitlus on oluline ja et vastused on anonüümsed",
      ru: "Объяснить, почему опрос важен и что ответы анонимны",
      pl: "Wyjaśnić, dlaczego ankieta jest ważna i że odpowiedzi są anonimowe",
    },
    description: {
      en: "Tell the personnel how the results will be used. Personnel answers are anonymous, and results are shown only when at least 5 people have answered.",
      fi: "Kerro henkilöstölle, miten tuloksia hyödynnetään. Henkilöstön vastaukset ovat anonyymejä, ja tulokset näytetään vasta, kun vähintään 5 henkilöä on vastannut.",
      ee: "Selgitage töötajatele, kuidas tulemusi kasutatakse. Töötajate vastused on anonüümsed ja tulemusi näidatakse alles siis, kui vastanuid on vähemalt 5.",
      ru: "Рассказать сотрудникам, как будут использоваться результаты. Ответы персонала анонимны, а результаты показываются, только если ответили не менее 5 человек.",
      pl: "Poinformować pracowników, jak zostaną wykorzystane wyniki. Odpowiedzi pracowników są anonimowe, a wyniki są prezentowane dopiero wtedy, gdy odpowie co najmniej 5 osób.",
    },
  },
  {
    priority: "MEDIUM",
    name: {
      en: "Send a reminder before the survey closes",
      fi: "Lähetä muistutus ennen kyselyn sulkeutumista",
      ee: "Saatke enne küsitluse sulgumist meeldetuletus",
      ru: "Отправить напоминание перед закрытием опроса",
      pl: "Wysłać przypomnienie przed zamknięciem ankiety",
    },
    description: {
      en: "A few days before the end date, remind everyone who has not yet answered and thank those who already have.",
      fi: "Muistuta muutamaa päivää ennen päättymispäivää kaikkia, jotka eivät ole vielä vastanneet, ja kiitä jo vastanneita.",
      ee: "Tuletage paar päeva enne lõppkuupäeva meelde kõigile, kes pole veel vastanud, ja tänage neid, kes on juba vastanud.",
      ru: "За несколько дней до окончания напомнить всем, кто ещё не ответил, и поблагодарить тех, кто уже принял участие.",
      pl: "Na kilka dni przed terminem zakończenia przypomnieć wszystkim, którzy jeszcze nie odpowiedzieli, i podziękować tym, którzy już to zrobili.",
    },
  },
]);

export const managementHelpTasks: BuiltTasks<HelpTaskDef> = buildHelpTasks("management_help", [
  {
    priority: "HIGH",
    name: {
      en: "Ask the management team to answer the management survey",
      fi: "Pyydä johtoryhmää vastaamaan johdon kyselyyn",
      ee: "Paluge juhtkonnal vastata juhtkonna küsitlusele",
      ru: "Попросить руководство ответить на опрос для руководства",
      pl: "Poprosić kierownictwo o wypełnienie ankiety dla kierownictwa",
    },
    description: {
      en: "Send the management survey to every member of the management team and agree a deadline. Their view is compared with the personnel's answers in the report.",
      fi: "Lähetä johdon kysely jokaiselle johtoryhmän jäsenelle ja sopikaa määräpäivä. Raportissa johdon näkemystä verrataan henkilöstön vastauksiin.",
      ee: "Saatke juhtkonna küsitlus igale juhtkonna liikmele ja leppige kokku tähtaeg. Aruandes võrreldakse juhtkonna seisukohti töötajate vastustega.",
      ru: "Отправить опрос каждому члену руководства и согласовать срок. В отчёте мнение руководства сравнивается с ответами персонала.",
      pl: "Wysłać ankietę każdemu członkowi kierownictwa i uzgodnić termin. W raporcie opinia kierownictwa jest porównywana z odpowiedziami pracowników.",
    },
  },
  {
    priority: "MEDIUM",
    name: {
      en: "Remind the management that their answers are not anonymous",
      fi: "Muistuta johtoa, että johdon vastaukset eivät ole anonyymejä",
      ee: "Tuletage juhtkonnale meelde, et nende vastused ei ole anonüümsed",
      ru: "Напомнить руководству, что его ответы не анонимны",
      pl: "Przypomnieć kierownictwu, że jego odpowiedzi nie są anonimowe",
    },
    description: {
      en: "Explain that management answers are shown even with a single respondent, and encourage honest answers about the whole company.",
      fi: "Kerro, että johdon vastaukset näytetään jo yhdenkin vastaajan jälkeen, ja kannusta vastaamaan rehellisesti koko yrityksen näkökulmasta.",
      ee: "Selgitage, et juhtkonna vastuseid näidatakse ka ühe vastaja korral, ja julgustage vastama ausalt kogu ettevõtte kohta.",
      ru: "Объяснить, что ответы руководства показываются даже при одном ответившем, и призвать честно оценивать компанию в целом.",
      pl: "Wyjaśnić, że odpowiedzi kierownictwa są pokazywane już przy jednej osobie odpowiadającej, i zachęcić do szczerej oceny całej firmy.",
    },
  },
  {
    priority: "MEDIUM",
    name: {
      en: "Book a meeting to go through the results together",
      fi: "Varaa palaveri tulosten yhteiseen läpikäyntiin",
      ee: "Broneerige koosolek tulemuste ühiseks läbivaatamiseks",
      ru: "Назначить встречу для совместного обсуждения результатов",
      pl: "Zaplanować spotkanie, aby wspólnie omówić wyniki",
    },
    description: {
      en: "Schedule a management team meeting right after the survey closes to review the report and choose the first tasks.",
      fi: "Varaa johtoryhmän palaveri heti kyselyn sulkeuduttua raportin läpikäyntiä ja ensimmäisten tehtävien valintaa varten.",
      ee: "Planeerige juhtkonna koosolek kohe pärast küsitluse sulgumist, et aruanne läbi vaadata ja valida esimesed ülesanded.",
      ru: "Запланировать встречу руководства сразу после закрытия опроса, чтобы обсудить отчёт и выбрать первые задачи.",
      pl: "Zaplanować spotkanie kierownictwa zaraz po zamknięciu ankiety, aby omówić raport i wybrać pierwsze zadania.",
    },
  },
]);
