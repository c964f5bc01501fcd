/** The default PERSONNEL template: answered anonymously by staff. */
import { type BuiltTemplate, buildTemplate } from "../../authoring";
import { cooperation } from "./cooperation";
import { cultureAutonomy } from "./culture-autonomy";
import { cultureDirection } from "./culture-direction";
import { knowHow } from "./know-how";
import { leadership } from "./leadership";
import { motivation } from "./motivation";
import { organization } from "./organization";
import { processes } from "./processes";
import { workAbility } from "./work-ability";

export const personnel: BuiltTemplate = buildTemplate({
  key: "default-personnel",
  type: "PERSONNEL",
  tidPrefix: "personnel",
  welcome: {
    en: "Welcome to the personnel survey! Answering takes about 10 minutes. Rate each statement on a scale from 0 (strongly disagree) to 10 (strongly agree), or choose the option that best describes your experience. Your answers are anonymous: results are shown only when at least 5 people have answered. Thank you for helping to develop our workplace!",
    fi: "Tervetuloa henkilöstökyselyyn! Vastaaminen vie noin 10 minuuttia. Arvioi kutakin väittämää asteikolla 0 (täysin eri mieltä) – 10 (täysin samaa mieltä) tai valitse vaihtoehto, joka kuvaa kokemustasi parhaiten. Vastaukset ovat anonyymejä: tulokset näytetään vain, jos vähintään 5 henkilöä on vastannut. Kiitos, että olet mukana kehittämässä työpaikkaamme!",
    ee: "Tere tulemast töötajate küsitlusele! Vastamine võtab aega umbes 10 minutit. Palun hinnake iga väidet skaalal 0 (ei ole üldse nõus) kuni 10 (täiesti nõus) või valige vastusevariant, mis kirjeldab Teie kogemust kõige paremini. Teie vastused on anonüümsed: tulemusi näidatakse ainult siis, kui vastanuid on vähemalt 5. Täname, et aitate meie töökohta arendada!",
    ru: "Добро пожаловать в опрос персонала! Ответы займут около 10 минут. Оцените каждое утверждение по шкале от 0 (полностью не согласен) до 10 (полностью согласен) или выберите вариант, который лучше всего описывает Ваш опыт. Ваши ответы анонимны: результаты показываются, только если ответили не менее 5 человек. Спасибо, что помогаете развивать нашу компанию!",
    pl: "Witamy w ankiecie dla pracowników! Wypełnienie zajmie około 10 minut. Prosimy ocenić każde stwierdzenie w skali od 0 (zdecydowanie się nie zgadzam) do 10 (zdecydowanie się zgadzam) lub wybrać odpowiedź, która najlepiej opisuje własne doświadczenia. Odpowiedzi są anonimowe: wyniki są prezentowane tylko wtedy, gdy ankietę wypełni co najmniej 5 osób. Dziękujemy za pomoc w rozwijaniu naszego miejsca pracy!",
  },
  groups: [
    {
      key: "p-group-efficiency",
      slug: "efficiency",
      title: {
        en: "Organisation and ways of working",
        fi: "Organisaatio ja toimintatavat",
        ee: "Organisatsioon ja tööviisid",
        ru: "Организация и методы работы",
        pl: "Organizacja i sposoby pracy",
      },
      sections: [organization, processes, cooperation],
    },
    {
      key: "p-group-capability",
      slug: "capability",
      title: {
        en: "Work ability, skills and motivation",
        fi: "Työkyky, osaaminen ja motivaatio",
        ee: "Töövõime, oskused ja motivatsioon",
        ru: "Работоспособность, навыки и мотивация",
        pl: "Zdolność do pracy, umiejętności i motywacja",
      },
      sections: [workAbility, knowHow, motivation],
    },
    {
      key: "p-group-leadership",
      slug: "leadership",
      title: { en: "Leadership", fi: "Johtaminen", ee: "Juhtimine", ru: "Лидерство", pl: "Przywództwo" },
      sections: [leadership],
    },
    {
      key: "p-group-culture",
      slug: "culture",
      title: {
        en: "Goals and freedom to act",
        fi: "Tavoitteet ja vapaus toimia",
        ee: "Eesmärgid ja tegutsemisvabadus",
        ru: "Цели и свобода действий",
        pl: "Cele i swoboda działania",
      },
      sections: [cultureDirection, cultureAutonomy],
    },
  ],
});
