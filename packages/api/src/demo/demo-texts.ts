import { formattingLocale, type Language, SURVEY_TIME_ZONE } from "@kunto/core";

type Translations = Record<Exclude<Language, "en">, string>;

/**
 * The demo's own words in the other four languages (issue 19.6: a visitor's sandbox holds its
 * teams, surveys, shares and tasks in the visitor's language). Keyed by the English text the seed
 * writes (packages/api/src/demo/seed-surveys.ts, seed-tasks.ts); a text not listed stays as it is.
 */
const TEXTS: Record<string, Translations> = {
  // Teams and shares
  Production: { fi: "Tuotanto", ee: "Tootmine", ru: "Производство", pl: "Produkcja" },
  Logistics: { fi: "Logistiikka", ee: "Logistika", ru: "Логистика", pl: "Logistyka" },
  Office: { fi: "Toimisto", ee: "Kontor", ru: "Офис", pl: "Biuro" },
  "Management team": { fi: "Johtoryhmä", ee: "Juhtkond", ru: "Управленческая команда", pl: "Zarząd" },
  "Production night shift": {
    fi: "Tuotannon yövuoro",
    ee: "Tootmise öövahetus",
    ru: "Ночная смена производства",
    pl: "Nocna zmiana produkcji",
  },
  "Machining, welding and assembly in two shifts": {
    fi: "Koneistus, hitsaus ja kokoonpano kahdessa vuorossa",
    ee: "Treimine, keevitamine ja koostamine kahes vahetuses",
    ru: "Механообработка, сварка и сборка в две смены",
    pl: "Obróbka, spawanie i montaż na dwie zmiany",
  },
  "Warehouse, shipping and receiving": {
    fi: "Varasto, lähettämö ja vastaanotto",
    ee: "Ladu, lähetamine ja vastuvõtt",
    ru: "Склад, отгрузка и приёмка",
    pl: "Magazyn, wysyłka i przyjęcia",
  },
  "Sales, purchasing, finance and HR": {
    fi: "Myynti, osto, talous ja henkilöstöhallinto",
    ee: "Müük, ost, rahandus ja personal",
    ru: "Продажи, закупки, финансы и кадры",
    pl: "Sprzedaż, zakupy, finanse i kadry",
  },
  "Managing director and the heads of production, logistics, sales and finance": {
    fi: "Toimitusjohtaja sekä tuotannon, logistiikan, myynnin ja talouden vetäjät",
    ee: "Tegevjuht ning tootmise, logistika, müügi ja rahanduse juhid",
    ru: "Генеральный директор и руководители производства, логистики, продаж и финансов",
    pl: "Dyrektor zarządzający oraz kierownicy produkcji, logistyki, sprzedaży i finansów",
  },
  // Survey titles (the name adds the month)
  "Personnel survey": {
    fi: "Henkilöstökysely",
    ee: "Töötajate küsitlus",
    ru: "Опрос персонала",
    pl: "Ankieta pracownicza",
  },
  "Management survey": {
    fi: "Johdon kysely",
    ee: "Juhtkonna küsitlus",
    ru: "Опрос руководства",
    pl: "Ankieta kierownictwa",
  },
  "Personnel follow-up": {
    fi: "Henkilöstön seurantakysely",
    ee: "Töötajate järelküsitlus",
    ru: "Повторный опрос персонала",
    pl: "Ankieta pracownicza – kontynuacja",
  },
  // Tasks
  "Agree on a weekly 15-minute team check-in": {
    fi: "Sovitaan viikoittainen 15 minuutin tiimipalaveri",
    ee: "Lepime kokku iganädalase 15-minutilise meeskonna kohtumise",
    ru: "Договориться о еженедельной 15-минутной встрече команды",
    pl: "Ustalić cotygodniowe 15-minutowe spotkanie zespołu",
  },
  "Each team meets on Monday morning: what is planned, what is blocked, who needs help.": {
    fi: "Jokainen tiimi kokoontuu maanantaiaamuna: mitä on suunniteltu, mikä on jumissa, kuka tarvitsee apua.",
    ee: "Iga meeskond kohtub esmaspäeva hommikul: mis on plaanis, mis on takerdunud, kes vajab abi.",
    ru: "Каждая команда собирается в понедельник утром: что запланировано, что застопорилось, кому нужна помощь.",
    pl: "Każdy zespół spotyka się w poniedziałek rano: co jest zaplanowane, co utknęło, kto potrzebuje pomocy.",
  },
  "Write down the order-to-delivery process and who owns each step": {
    fi: "Kirjataan tilaus–toimitus-prosessi ja kunkin vaiheen vastuuhenkilö",
    ee: "Kirjeldame tellimusest tarneni protsessi ja iga sammu vastutaja",
    ru: "Описать процесс от заказа до поставки и ответственных за каждый шаг",
    pl: "Spisać proces od zamówienia do dostawy i właściciela każdego kroku",
  },
  "One page per step, kept where everyone finds it; reviewed with the shift leads.": {
    fi: "Yksi sivu vaihetta kohden, paikassa josta kaikki sen löytävät; käydään läpi vuoroesimiesten kanssa.",
    ee: "Üks lehekülg sammu kohta, kohas, kust kõik selle leiavad; vaadatakse üle vahetuse juhtidega.",
    ru: "Одна страница на шаг, там, где её все найдут; проверяется вместе с начальниками смен.",
    pl: "Jedna strona na krok, w miejscu dostępnym dla wszystkich; przeglądana z kierownikami zmian.",
  },
  "Hold a career conversation with every team member each quarter": {
    fi: "Käydään urakeskustelu jokaisen tiimiläisen kanssa neljännesvuosittain",
    ee: "Peame igas kvartalis iga meeskonnaliikmega karjäärivestluse",
    ru: "Ежеквартально проводить беседу о карьере с каждым членом команды",
    pl: "Co kwartał przeprowadzać rozmowę o rozwoju z każdym członkiem zespołu",
  },
  "Goals, training wishes and next steps, written down and followed up.": {
    fi: "Tavoitteet, koulutustoiveet ja seuraavat askeleet kirjataan ja niitä seurataan.",
    ee: "Eesmärgid, koolitussoovid ja järgmised sammud pannakse kirja ja neid jälgitakse.",
    ru: "Цели, пожелания по обучению и следующие шаги записываются и отслеживаются.",
    pl: "Cele, potrzeby szkoleniowe i kolejne kroki są zapisywane i monitorowane.",
  },
  "Share the month's results and priorities in an all-hands meeting": {
    fi: "Kerrotaan kuukauden tulokset ja painopisteet koko henkilöstön infossa",
    ee: "Jagame kuu tulemusi ja prioriteete kogu personali koosolekul",
    ru: "Рассказывать о результатах и приоритетах месяца на общем собрании",
    pl: "Przedstawiać wyniki i priorytety miesiąca na spotkaniu całej firmy",
  },
  "Thirty minutes on the first Tuesday of the month, with time for questions.": {
    fi: "Puoli tuntia kuukauden ensimmäisenä tiistaina, ja aikaa kysymyksille.",
    ee: "Pool tundi kuu esimesel teisipäeval, koos ajaga küsimuste jaoks.",
    ru: "Полчаса в первый вторник месяца, с временем для вопросов.",
    pl: "Trzydzieści minut w pierwszy wtorek miesiąca, z czasem na pytania.",
  },
  "Invite the night shift to the day shift's training sessions": {
    fi: "Kutsutaan yövuoro päivävuoron koulutuksiin",
    ee: "Kutsume öövahetuse päevavahetuse koolitustele",
    ru: "Приглашать ночную смену на обучение дневной смены",
    pl: "Zapraszać nocną zmianę na szkolenia zmiany dziennej",
  },
  "Record the sessions and plan one repeat a month at the start of the night shift.": {
    fi: "Koulutukset tallennetaan, ja yksi uusinta kuukaudessa pidetään yövuoron alussa.",
    ee: "Koolitused salvestatakse ja kord kuus korratakse üht öövahetuse alguses.",
    ru: "Записывать занятия и раз в месяц повторять одно в начале ночной смены.",
    pl: "Nagrywać szkolenia i raz w miesiącu powtarzać jedno na początku nocnej zmiany.",
  },
  "Review workstation ergonomics in production": {
    fi: "Tarkistetaan tuotannon työpisteiden ergonomia",
    ee: "Vaatame üle tootmise töökohtade ergonoomika",
    ru: "Проверить эргономику рабочих мест на производстве",
    pl: "Przejrzeć ergonomię stanowisk pracy na produkcji",
  },
  "An occupational health walk-through of every line, and a budget for the fixes.": {
    fi: "Työterveyshuollon kierros jokaisella linjalla ja budjetti korjauksille.",
    ee: "Töötervishoiu ülevaatus igal liinil ja eelarve parandusteks.",
    ru: "Обход каждой линии со специалистом по охране труда и бюджет на исправления.",
    pl: "Przegląd każdej linii z medycyną pracy i budżet na poprawki.",
  },
};

/** A demo text in `language`; English, and any text the demo does not know, as it is. */
export function demoText(text: string, language: Language): string {
  if (language === "en") return text;
  return TEXTS[text]?.[language] ?? text;
}

/** The month as the seed writes it (en-GB) or as `language` writes it. */
const monthOf = (day: Date, language: Language) =>
  day.toLocaleString(language === "en" ? "en-GB" : formattingLocale(language), {
    month: "long",
    year: "numeric",
    timeZone: SURVEY_TIME_ZONE,
  });

/**
 * A seeded survey's name ("Personnel survey March 2026", seed-surveys.ts) in `language`: the title
 * translated and the month written as that language writes it. Any other name stays as it is.
 */
export function demoSurveyName(name: string, startsAt: Date, language: Language): string {
  const month = monthOf(startsAt, "en");
  if (language === "en" || !name.endsWith(` ${month}`)) return name;
  const title = name.slice(0, -month.length - 1);
  return TEXTS[title] ? `${demoText(title, language)} ${monthOf(startsAt, language)}` : name;
}
