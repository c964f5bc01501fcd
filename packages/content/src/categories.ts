/** The category tree the scoring engine uses; names and descriptions in every language. */
import type {
  CategoryDef,
  CategoryName,
  ParentCategoryName,
  SurveyType,
  Texts,
  TranslationEntry,
} from "./types";

interface CategorySource {
  engineName: CategoryName;
  parent: ParentCategoryName | null;
  types: SurveyType[];
  name: Texts;
  description: Texts;
}

const BOTH: SurveyType[] = ["PERSONNEL", "MANAGEMENT"];

/** In display order; a parent comes right before its children. */
const SOURCES: CategorySource[] = [
  {
    engineName: "efficiency",
    parent: null,
    types: BOTH,
    name: { en: "Efficiency", fi: "Tehokkuus", ee: "Tõhusus", ru: "Эффективность", pl: "Efektywność" },
    description: {
      en: "How well the organisation, its processes and cooperation support getting the work done.",
      fi: "Kuinka hyvin organisaatio, sen prosessit ja yhteistyö tukevat työn sujumista.",
      ee: "Kui hästi toetavad organisatsioon, selle protsessid ja koostöö töö tegemist.",
      ru: "Насколько организация, её процессы и взаимодействие помогают выполнять работу.",
      pl: "Na ile organizacja, jej procesy i współpraca sprzyjają sprawnemu wykonywaniu pracy.",
    },
  },
  {
    engineName: "organization",
    parent: "efficiency",
    types: BOTH,
    name: { en: "Organisation", fi: "Organisointi", ee: "Korraldus", ru: "Организация", pl: "Organizacja" },
    description: {
      en: "How clear the roles, responsibilities and decision-making are in the organisation.",
      fi: "Kuinka selkeitä roolit, vastuut ja päätöksenteko ovat organisaatiossa.",
      ee: "Kui selged on organisatsioonis rollid, vastutus ja otsustamine.",
      ru: "Насколько ясны роли, обязанности и порядок принятия решений в организации.",
      pl: "Na ile jasne są w organizacji role, obowiązki i sposób podejmowania decyzji.",
    },
  },
  {
    engineName: "processes",
    parent: "efficiency",
    types: BOTH,
    name: { en: "Processes", fi: "Prosessit", ee: "Protsessid", ru: "Процессы", pl: "Procesy" },
    description: {
      en: "How smoothly work processes, tools and information support everyday work.",
      fi: "Kuinka sujuvasti työprosessit, työvälineet ja tiedonkulku tukevat päivittäistä työtä.",
      ee: "Kui sujuvalt toetavad tööprotsessid, töövahendid ja info igapäevast tööd.",
      ru: "Насколько слаженно рабочие процессы, инструменты и информация поддерживают повседневную работу.",
      pl: "Na ile sprawnie procesy, narzędzia i informacje wspierają codzienną pracę.",
    },
  },
  {
    engineName: "cooperation",
    parent: "efficiency",
    types: BOTH,
    name: { en: "Cooperation", fi: "Yhteistyö", ee: "Koostöö", ru: "Сотрудничество", pl: "Współpraca" },
    description: {
      en: "How well people and teams work together and share information.",
      fi: "Kuinka hyvin ihmiset ja tiimit tekevät yhteistyötä ja jakavat tietoa.",
      ee: "Kui hästi inimesed ja meeskonnad koostööd teevad ning infot jagavad.",
      ru: "Насколько хорошо люди и команды работают вместе и обмениваются информацией.",
      pl: "Na ile dobrze ludzie i zespoły współpracują oraz dzielą się informacjami.",
    },
  },
  {
    engineName: "capability",
    parent: null,
    types: BOTH,
    name: { en: "Capability", fi: "Kyvykkyys", ee: "Võimekus", ru: "Потенциал", pl: "Potencjał" },
    description: {
      en: "The personnel's work ability, know-how and motivation.",
      fi: "Henkilöstön työkyky, osaaminen ja motivaatio.",
      ee: "Töötajate töövõime, oskused ja motivatsioon.",
      ru: "Работоспособность, компетенции и мотивация персонала.",
      pl: "Zdolność do pracy, kompetencje i motywacja pracowników.",
    },
  },
  {
    engineName: "work_ability",
    parent: "capability",
    types: BOTH,
    name: {
      en: "Work ability",
      fi: "Työkyky",
      ee: "Töövõime",
      ru: "Работоспособность",
      pl: "Zdolność do pracy",
    },
    description: {
      en: "How well employees cope with their workload and keep up their health and energy.",
      fi: "Kuinka hyvin työntekijät selviytyvät työmäärästään ja pitävät yllä terveyttään ja jaksamistaan.",
      ee: "Kui hästi töötajad oma töökoormusega toime tulevad ning oma tervist ja energiat hoiavad.",
      ru: "Насколько сотрудники справляются с нагрузкой и сохраняют здоровье и силы.",
      pl: "Na ile pracownicy radzą sobie z obciążeniem pracą i dbają o zdrowie oraz energię.",
    },
  },
  {
    engineName: "know_how",
    parent: "capability",
    types: BOTH,
    name: { en: "Know-how", fi: "Osaaminen", ee: "Oskused", ru: "Компетенции", pl: "Kompetencje" },
    description: {
      en: "Whether employees' skills match their work and how the skills are developed.",
      fi: "Vastaako työntekijöiden osaaminen heidän työtään ja miten osaamista kehitetään.",
      ee: "Kas töötajate oskused vastavad nende tööle ja kuidas oskusi arendatakse.",
      ru: "Соответствуют ли навыки сотрудников их работе и как эти навыки развиваются.",
      pl: "Czy umiejętności pracowników odpowiadają ich pracy i jak są rozwijane.",
    },
  },
  {
    engineName: "motivation",
    parent: "capability",
    types: BOTH,
    name: { en: "Motivation", fi: "Motivaatio", ee: "Motivatsioon", ru: "Мотивация", pl: "Motywacja" },
    description: {
      en: "How meaningful and rewarding employees find their work.",
      fi: "Kuinka merkitykselliseksi ja palkitsevaksi työntekijät kokevat työnsä.",
      ee: "Kui tähenduslikuks ja rahuldustpakkuvaks peavad töötajad oma tööd.",
      ru: "Насколько значимой и приносящей удовлетворение сотрудники считают свою работу.",
      pl: "Na ile pracownicy uważają swoją pracę za sensowną i dającą satysfakcję.",
    },
  },
  {
    engineName: "leadership",
    parent: null,
    types: BOTH,
    name: { en: "Leadership", fi: "Johtaminen", ee: "Juhtimine", ru: "Лидерство", pl: "Przywództwo" },
    description: {
      en: "How supervisors and management support, guide and inform the personnel.",
      fi: "Kuinka esihenkilöt ja johto tukevat, ohjaavat ja informoivat henkilöstöä.",
      ee: "Kuidas juhid ja juhtkond töötajaid toetavad, suunavad ja informeerivad.",
      ru: "Как руководители и руководство компании поддерживают, направляют и информируют персонал.",
      pl: "Jak przełożeni i kierownictwo wspierają, ukierunkowują i informują pracowników.",
    },
  },
  {
    engineName: "culture",
    parent: null,
    types: BOTH,
    name: { en: "Culture", fi: "Kulttuuri", ee: "Kultuur", ru: "Культура", pl: "Kultura" },
    description: {
      en: "The balance between a clear shared direction and people's freedom to decide how they work.",
      fi: "Tasapaino selkeän yhteisen suunnan ja ihmisten työtapoja koskevan päätösvapauden välillä.",
      ee: "Tasakaal selge ühise suuna ja inimeste vabaduse vahel otsustada, kuidas nad töötavad.",
      ru: "Баланс между ясным общим направлением и свободой людей решать, как им работать.",
      pl: "Równowaga między jasnym wspólnym kierunkiem a swobodą ludzi w decydowaniu o tym, jak pracują.",
    },
  },
  {
    engineName: "culture_direction",
    parent: "culture",
    types: BOTH,
    name: { en: "Direction", fi: "Suunta", ee: "Suund", ru: "Направление", pl: "Kierunek" },
    description: {
      en: "How clear and shared the company's goals and direction are.",
      fi: "Kuinka selkeät ja yhteisesti jaetut yrityksen tavoitteet ja suunta ovat.",
      ee: "Kui selged ja ühiselt mõistetud on ettevõtte eesmärgid ja suund.",
      ru: "Насколько ясны и общепризнаны цели и направление развития компании.",
      pl: "Na ile cele i kierunek firmy są jasne i wspólnie podzielane.",
    },
  },
  {
    engineName: "culture_autonomy",
    parent: "culture",
    types: BOTH,
    name: { en: "Autonomy", fi: "Autonomia", ee: "Autonoomia", ru: "Автономия", pl: "Autonomia" },
    description: {
      en: "How much freedom people have to decide how they do their work.",
      fi: "Kuinka paljon ihmisillä on vapautta päättää, miten he tekevät työnsä.",
      ee: "Kui palju on inimestel vabadust otsustada, kuidas oma tööd teha.",
      ru: "Насколько люди свободны в выборе того, как выполнять свою работу.",
      pl: "Ile swobody mają ludzie w decydowaniu o tym, jak wykonują swoją pracę.",
    },
  },
  {
    engineName: "economy_customers",
    parent: null,
    types: ["MANAGEMENT"],
    name: {
      en: "Economy and customers",
      fi: "Talous ja asiakkaat",
      ee: "Majandus ja kliendid",
      ru: "Экономика и клиенты",
      pl: "Finanse i klienci",
    },
    description: {
      en: "The company's financial development and customer relationships, as assessed by management.",
      fi: "Yrityksen taloudellinen kehitys ja asiakassuhteet johdon arvioimina.",
      ee: "Ettevõtte majanduslik areng ja kliendisuhted juhtkonna hinnangul.",
      ru: "Финансовое развитие компании и отношения с клиентами по оценке руководства.",
      pl: "Rozwój finansowy firmy i relacje z klientami w ocenie kierownictwa.",
    },
  },
];

export const categories: CategoryDef[] = SOURCES.map((source, index) => ({
  key: source.engineName,
  engineName: source.engineName,
  parent: source.parent,
  order: (index + 1) * 10,
  level: source.parent === null ? 1 : 2,
  types: [...source.types],
  nameTid: `category.${source.engineName}.name`,
  descriptionTid: `category.${source.engineName}.description`,
}));

export const categoryTranslations: TranslationEntry[] = SOURCES.flatMap((source): TranslationEntry[] => [
  [`category.${source.engineName}.name`, source.name],
  [`category.${source.engineName}.description`, source.description],
]);
