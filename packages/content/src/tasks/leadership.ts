/** Suggested report tasks for leadership. */
import { type BuiltTasks, buildReportTasks } from "../authoring";
import type { ReportTaskDef } from "../types";

export const leadershipTasks: BuiltTasks<ReportTaskDef>[] = [
  buildReportTasks("leadership", [
    {
      swot: "strength",
      priority: "LOW",
      name: {
        en: "Share good leadership practices among supervisors",
        fi: "Jakakaa hyviä johtamiskäytäntöjä esihenkilöiden kesken",
        ee: "Jagage juhtide vahel häid juhtimistavasid",
        ru: "Обмениваться удачными практиками руководства между руководителями",
        pl: "Dzielić się dobrymi praktykami przywództwa między przełożonymi",
      },
      description: {
        en: "Hold a meeting where supervisors tell what has worked in supporting their teams. Write down the practices everyone agrees to use.",
        fi: "Pitäkää tapaaminen, jossa esihenkilöt kertovat, mikä on toiminut tiimien tukemisessa. Kirjatkaa käytännöt, joita kaikki sitoutuvat käyttämään.",
        ee: "Korraldage kohtumine, kus juhid räägivad, mis on meeskondade toetamisel hästi toiminud. Pange kirja tavad, mida kõik kasutama lepivad.",
        ru: "Провести встречу, на которой руководители расскажут, что помогает им поддерживать команды. Записать практики, которые все согласны применять.",
        pl: "Zorganizować spotkanie, na którym przełożeni opowiedzą, co sprawdza się we wspieraniu zespołów. Spisać praktyki, które wszyscy zobowiązują się stosować.",
      },
    },
    {
      swot: "strength",
      priority: "LOW",
      name: {
        en: "Keep regular one-to-one discussions",
        fi: "Jatka säännöllisiä kahdenkeskisiä keskusteluja",
        ee: "Jätkake regulaarseid silmast silma vestlusi",
        ru: "Продолжать регулярные личные встречи",
        pl: "Kontynuować regularne rozmowy indywidualne",
      },
      description: {
        en: "Book one-to-one discussions with every employee in the calendar for the whole year, so that they also happen in busy times.",
        fi: "Varaa kahdenkeskiset keskustelut jokaisen työntekijän kanssa kalenteriin koko vuodeksi, jotta ne toteutuvat kiireisinäkin aikoina.",
        ee: "Broneerige silmast silma vestlused iga töötajaga kogu aastaks kalendrisse, et need toimuksid ka kiiretel aegadel.",
        ru: "Запланировать в календаре личные встречи с каждым сотрудником на весь год, чтобы они проводились и в напряжённые периоды.",
        pl: "Zaplanować w kalendarzu rozmowy indywidualne z każdym pracownikiem na cały rok, aby odbywały się także w okresach wzmożonej pracy.",
      },
    },
    {
      swot: "weakness",
      priority: "HIGH",
      name: {
        en: "Start regular one-to-one discussions",
        fi: "Aloita säännölliset kahdenkeskiset keskustelut",
        ee: "Alustage regulaarsete silmast silma vestlustega",
        ru: "Начать регулярные личные встречи",
        pl: "Rozpocząć regularne rozmowy indywidualne",
      },
      description: {
        en: "Have each supervisor meet every team member at least once a month for 30 minutes to discuss work, wellbeing and support needs.",
        fi: "Jokainen esihenkilö tapaa jokaisen tiiminsä jäsenen vähintään kerran kuukaudessa 30 minuutin ajan ja keskustelee työstä, jaksamisesta ja tuen tarpeista.",
        ee: "Iga juht kohtub vähemalt kord kuus 30 minutiks iga oma meeskonna liikmega, et arutada tööd, heaolu ja toevajadusi.",
        ru: "Каждому руководителю не реже раза в месяц проводить 30-минутную встречу с каждым членом команды, чтобы обсудить работу, самочувствие и потребность в поддержке.",
        pl: "Każdy przełożony spotyka się z każdym członkiem zespołu co najmniej raz w miesiącu na 30 minut, aby omówić pracę, samopoczucie i potrzebne wsparcie.",
      },
    },
    {
      swot: "weakness",
      priority: "HIGH",
      name: {
        en: "Inform the personnel about decisions and their reasons",
        fi: "Tiedota henkilöstölle päätöksistä ja niiden perusteista",
        ee: "Teavitage töötajaid otsustest ja nende põhjustest",
        ru: "Информировать сотрудников о решениях и их причинах",
        pl: "Informować pracowników o decyzjach i ich uzasadnieniu",
      },
      description: {
        en: "After each management meeting, send a short summary of the decisions and why they were made. Invite questions.",
        fi: "Lähetä jokaisen johtoryhmän kokouksen jälkeen lyhyt yhteenveto päätöksistä ja niiden syistä. Kannusta kysymään.",
        ee: "Saatke pärast iga juhtkonna koosolekut lühike kokkuvõte otsustest ja nende põhjustest. Julgustage küsimusi esitama.",
        ru: "После каждого заседания руководства рассылать краткое резюме принятых решений и их причин. Приглашать задавать вопросы.",
        pl: "Po każdym spotkaniu kierownictwa wysyłać krótkie podsumowanie decyzji i ich powodów. Zachęcać do zadawania pytań.",
      },
    },
    {
      swot: "opportunity",
      priority: "MEDIUM",
      name: {
        en: "Ask the personnel for feedback on leadership",
        fi: "Pyydä henkilöstöltä palautetta johtamisesta",
        ee: "Küsige töötajatelt tagasisidet juhtimise kohta",
        ru: "Попросить сотрудников дать обратную связь о руководстве",
        pl: "Poprosić pracowników o informację zwrotną na temat przywództwa",
      },
      description: {
        en: "Collect short, anonymous feedback on what supervisors should start, stop and continue doing. Go through the results together and choose one thing to change.",
        fi: "Kerää lyhyt nimetön palaute siitä, mitä esihenkilöiden tulisi aloittaa, lopettaa ja jatkaa. Käykää tulokset läpi yhdessä ja valitkaa yksi muutettava asia.",
        ee: "Koguge lühikest anonüümset tagasisidet selle kohta, mida juhid peaksid alustama, lõpetama ja jätkama. Arutage tulemused koos läbi ja valige üks asi, mida muuta.",
        ru: "Собрать короткие анонимные отзывы о том, что руководителям стоит начать, прекратить и продолжать делать. Вместе обсудить результаты и выбрать одно изменение.",
        pl: "Zebrać krótkie, anonimowe opinie o tym, co przełożeni powinni zacząć, przestać i nadal robić. Wspólnie omówić wyniki i wybrać jedną rzecz do zmiany.",
      },
    },
    {
      swot: "opportunity",
      priority: "MEDIUM",
      name: {
        en: "Develop supervisors' coaching skills",
        fi: "Kehitä esihenkilöiden valmentavia taitoja",
        ee: "Arendage juhtide coachingu oskusi",
        ru: "Развивать у руководителей навыки коучинга",
        pl: "Rozwijać umiejętności coachingowe przełożonych",
      },
      description: {
        en: "Give supervisors a short training or reading on coaching conversations and agree that each tries the approach in their next discussions.",
        fi: "Tarjoa esihenkilöille lyhyt koulutus tai materiaalia valmentavista keskusteluista ja sopikaa, että jokainen kokeilee tapaa seuraavissa keskusteluissaan.",
        ee: "Pakkuge juhtidele lühikoolitust või lugemismaterjali coachivate vestluste kohta ja leppige kokku, et igaüks proovib seda lähenemist oma järgmistes vestlustes.",
        ru: "Организовать для руководителей короткое обучение или дать материалы о коучинговых беседах и договориться, что каждый попробует этот подход в ближайших разговорах.",
        pl: "Zapewnić przełożonym krótkie szkolenie lub materiały o rozmowach coachingowych i uzgodnić, że każdy wypróbuje to podejście w najbliższych rozmowach.",
      },
    },
  ]),
];
