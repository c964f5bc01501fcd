/** The default MANAGEMENT template: answered by leadership about the whole company; not anonymous. */
import { type BuiltTemplate, buildTemplate } from "../../authoring";
import { cooperation } from "./cooperation";
import { cultureAutonomy } from "./culture-autonomy";
import { cultureDirection } from "./culture-direction";
import { economyCustomers } from "./economy-customers";
import { knowHow } from "./know-how";
import { leadership } from "./leadership";
import { motivation } from "./motivation";
import { organization } from "./organization";
import { processes } from "./processes";
import { workAbility } from "./work-ability";

export const management: BuiltTemplate = buildTemplate({
  key: "default-management",
  type: "MANAGEMENT",
  tidPrefix: "management",
  welcome: {
    en: "Welcome to the management survey! Answering takes about 10 minutes. Rate each statement about your company on a scale from 0 (strongly disagree) to 10 (strongly agree), or choose the option that best describes your company. Please note that management answers are not anonymous: leadership answers are attributable by nature, and results are shown even when only one person has answered. Thank you for your answers!",
    fi: "Tervetuloa johdon kyselyyn! Vastaaminen vie noin 10 minuuttia. Arvioi kutakin yritystäsi koskevaa väittämää asteikolla 0 (täysin eri mieltä) – 10 (täysin samaa mieltä) tai valitse vaihtoehto, joka kuvaa yritystäsi parhaiten. Huomaa, että johdon vastaukset eivät ole anonyymejä: johdon vastaukset ovat luonteeltaan yhdistettävissä vastaajaan, ja tulokset näytetään, vaikka vastaajia olisi vain yksi. Kiitos vastauksistasi!",
    ee: "Tere tulemast juhtkonna küsitlusele! Vastamine võtab aega umbes 10 minutit. Palun hinnake iga oma ettevõtet puudutavat väidet skaalal 0 (ei ole üldse nõus) kuni 10 (täiesti nõus) või valige vastusevariant, mis kirjeldab Teie ettevõtet kõige paremini. Pange tähele, et juhtkonna vastused ei ole anonüümsed: juhtide vastuseid saab oma olemuselt vastajaga seostada ning tulemusi näidatakse ka siis, kui vastanuid on ainult üks. Täname vastuste eest!",
    ru: "Добро пожаловать в опрос руководства! Ответы займут около 10 минут. Оцените каждое утверждение о Вашей компании по шкале от 0 (полностью не согласен) до 10 (полностью согласен) или выберите вариант, который лучше всего описывает Вашу компанию. Обратите внимание: ответы руководства не анонимны. Ответы руководителей по своей природе можно соотнести с конкретными людьми, а результаты показываются даже при одном ответившем. Спасибо за Ваши ответы!",
    pl: "Witamy w ankiecie dla kierownictwa! Wypełnienie zajmie około 10 minut. Prosimy ocenić każde stwierdzenie dotyczące firmy w skali od 0 (zdecydowanie się nie zgadzam) do 10 (zdecydowanie się zgadzam) lub wybrać odpowiedź, która najlepiej opisuje firmę. Uwaga: odpowiedzi kierownictwa nie są anonimowe. Z natury rzeczy można je przypisać konkretnym osobom, a wyniki są prezentowane nawet wtedy, gdy odpowiedziała tylko jedna osoba. Dziękujemy za odpowiedzi!",
  },
  groups: [
    {
      key: "m-group-efficiency",
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
      key: "m-group-capability",
      slug: "capability",
      title: {
        en: "Personnel's work ability, skills and motivation",
        fi: "Henkilöstön työkyky, osaaminen ja motivaatio",
        ee: "Töötajate töövõime, oskused ja motivatsioon",
        ru: "Работоспособность, навыки и мотивация персонала",
        pl: "Zdolność do pracy, umiejętności i motywacja pracowników",
      },
      sections: [workAbility, knowHow, motivation],
    },
    {
      key: "m-group-leadership",
      slug: "leadership",
      title: { en: "Leadership", fi: "Johtaminen", ee: "Juhtimine", ru: "Лидерство", pl: "Przywództwo" },
      sections: [leadership],
    },
    {
      key: "m-group-culture",
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
    {
      key: "m-group-economy",
      slug: "economy_customers",
      title: {
        en: "Economy and customers",
        fi: "Talous ja asiakkaat",
        ee: "Majandus ja kliendid",
        ru: "Экономика и клиенты",
        pl: "Finanse i klienci",
      },
      sections: [economyCustomers],
    },
  ],
});
