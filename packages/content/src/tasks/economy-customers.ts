/** Suggested report tasks for economy and customers (measured by the management survey only). */
import { type BuiltTasks, buildReportTasks } from "../authoring";
import type { ReportTaskDef } from "../types";

export const economyCustomersTasks: BuiltTasks<ReportTaskDef>[] = [
  buildReportTasks("economy_customers", [
    {
      swot: "strength",
      priority: "LOW",
      name: {
        en: "Analyse why the best customers choose you",
        fi: "Selvitä, miksi parhaat asiakkaat valitsevat teidät",
        ee: "Uurige, miks parimad kliendid just teid valivad",
        ru: "Выяснить, почему лучшие клиенты выбирают вас",
        pl: "Przeanalizować, dlaczego najlepsi klienci wybierają właśnie was",
      },
      description: {
        en: "Interview a few of your best customers about what they value most. Use the answers in sales and when finding similar customers.",
        fi: "Haastattele muutamaa parasta asiakastasi siitä, mitä he arvostavat eniten. Hyödynnä vastauksia myynnissä ja samankaltaisten asiakkaiden etsimisessä.",
        ee: "Küsitlege mõnda oma parimat klienti, mida nad kõige rohkem hindavad. Kasutage vastuseid müügis ja sarnaste klientide leidmisel.",
        ru: "Опросить нескольких лучших клиентов о том, что они ценят больше всего. Использовать ответы в продажах и при поиске похожих клиентов.",
        pl: "Przeprowadzić rozmowy z kilkoma najlepszymi klientami o tym, co cenią najbardziej. Wykorzystać odpowiedzi w sprzedaży i przy szukaniu podobnych klientów.",
      },
    },
    {
      swot: "strength",
      priority: "LOW",
      name: {
        en: "Share the financial results with the personnel",
        fi: "Kerro taloudelliset tulokset henkilöstölle",
        ee: "Jagage majandustulemusi töötajatega",
        ru: "Делиться финансовыми результатами с сотрудниками",
        pl: "Dzielić się wynikami finansowymi z pracownikami",
      },
      description: {
        en: "Present the key figures and customer feedback to the personnel each quarter, so that everyone knows what the good results are built on.",
        fi: "Esittele keskeiset tunnusluvut ja asiakaspalaute henkilöstölle joka vuosineljännes, jotta kaikki tietävät, mihin hyvä tulos perustuu.",
        ee: "Tutvustage töötajatele igas kvartalis peamisi näitajaid ja klientide tagasisidet, et kõik teaksid, millele head tulemused tuginevad.",
        ru: "Ежеквартально знакомить сотрудников с ключевыми показателями и отзывами клиентов, чтобы все понимали, на чём основаны хорошие результаты.",
        pl: "Co kwartał przedstawiać pracownikom kluczowe wskaźniki i opinie klientów, aby wszyscy wiedzieli, na czym opierają się dobre wyniki.",
      },
    },
    {
      swot: "weakness",
      priority: "HIGH",
      name: {
        en: "Start monthly follow-up of key figures",
        fi: "Aloita tunnuslukujen kuukausittainen seuranta",
        ee: "Alustage põhinäitajate igakuist jälgimist",
        ru: "Начать ежемесячный контроль ключевых показателей",
        pl: "Rozpocząć comiesięczne monitorowanie kluczowych wskaźników",
      },
      description: {
        en: "Choose three to five figures, such as sales, margin and cash flow, and review them with the management team every month.",
        fi: "Valitse kolmesta viiteen tunnuslukua, kuten myynti, kate ja kassavirta, ja käy ne läpi johtoryhmän kanssa joka kuukausi.",
        ee: "Valige kolm kuni viis näitajat, näiteks müük, marginaal ja rahavoog, ning vaadake need juhtkonnaga igal kuul üle.",
        ru: "Выбрать три-пять показателей, например продажи, маржу и денежный поток, и ежемесячно рассматривать их вместе с руководством.",
        pl: "Wybrać od trzech do pięciu wskaźników, np. sprzedaż, marżę i przepływy pieniężne, i co miesiąc omawiać je z kierownictwem.",
      },
    },
    {
      swot: "weakness",
      priority: "HIGH",
      name: {
        en: "Collect customer feedback systematically",
        fi: "Kerää asiakaspalautetta järjestelmällisesti",
        ee: "Koguge klientide tagasisidet süsteemselt",
        ru: "Систематически собирать отзывы клиентов",
        pl: "Systematycznie zbierać opinie klientów",
      },
      description: {
        en: "Ask customers for feedback after each delivery or project with a short survey. Review the answers monthly and react to complaints quickly.",
        fi: "Pyydä asiakkailta palautetta lyhyellä kyselyllä jokaisen toimituksen tai projektin jälkeen. Käy vastaukset läpi kuukausittain ja reagoi reklamaatioihin nopeasti.",
        ee: "Küsige klientidelt pärast iga tarnet või projekti lühiküsitlusega tagasisidet. Vaadake vastused igakuiselt üle ja reageerige kaebustele kiiresti.",
        ru: "После каждой поставки или проекта просить клиентов ответить на короткий опрос. Ежемесячно анализировать ответы и быстро реагировать на жалобы.",
        pl: "Po każdej dostawie lub projekcie prosić klientów o opinię w krótkiej ankiecie. Co miesiąc przeglądać odpowiedzi i szybko reagować na reklamacje.",
      },
    },
    {
      swot: "opportunity",
      priority: "MEDIUM",
      name: {
        en: "Identify new sales opportunities with existing customers",
        fi: "Tunnista uusia myyntimahdollisuuksia nykyisiltä asiakkailta",
        ee: "Leidke olemasolevate klientide juures uusi müügivõimalusi",
        ru: "Найти новые возможности продаж среди существующих клиентов",
        pl: "Znaleźć nowe możliwości sprzedaży u obecnych klientów",
      },
      description: {
        en: "Go through your ten largest customers and list which of your other products or services could help them. Contact them within a month.",
        fi: "Käy läpi kymmenen suurinta asiakastasi ja listaa, mitkä muut tuotteenne tai palvelunne voisivat auttaa heitä. Ota heihin yhteyttä kuukauden sisällä.",
        ee: "Vaadake üle oma kümme suurimat klienti ja pange kirja, millised teie teised tooted või teenused võiksid neid aidata. Võtke nendega kuu jooksul ühendust.",
        ru: "Проанализировать десять крупнейших клиентов и определить, какие ещё ваши продукты или услуги могли бы им помочь. Связаться с ними в течение месяца.",
        pl: "Przeanalizować dziesięciu największych klientów i spisać, które inne produkty lub usługi mogłyby im pomóc. Skontaktować się z nimi w ciągu miesiąca.",
      },
    },
    {
      swot: "opportunity",
      priority: "MEDIUM",
      name: {
        en: "Review pricing and profitability by product",
        fi: "Tarkista hinnoittelu ja kannattavuus tuotteittain",
        ee: "Vaadake üle hinnakujundus ja kasumlikkus toodete kaupa",
        ru: "Пересмотреть цены и рентабельность по продуктам",
        pl: "Przeanalizować ceny i rentowność poszczególnych produktów",
      },
      description: {
        en: "Calculate the margin of your main products or services and adjust prices or costs where the margin is weakest.",
        fi: "Laske päätuotteidesi tai -palveluidesi kate ja korjaa hintoja tai kustannuksia siellä, missä kate on heikoin.",
        ee: "Arvutage oma peamiste toodete või teenuste marginaal ning korrigeerige hindu või kulusid seal, kus marginaal on kõige nõrgem.",
        ru: "Рассчитать маржу по основным продуктам или услугам и скорректировать цены или затраты там, где маржа самая низкая.",
        pl: "Obliczyć marżę głównych produktów lub usług i skorygować ceny albo koszty tam, gdzie marża jest najniższa.",
      },
    },
  ]),
];
