/** Texts shared by many questions: the agreement scale labels and the frequency choices. */
import type { Texts, Tid, TranslationEntry } from "./types";

/** The one slider scale of the default templates: 0..10 agreement with a statement. */
export const AGREEMENT_SCALE = {
  min: 0,
  max: 10,
  step: 1,
  minTid: "scale.agreement.min",
  maxTid: "scale.agreement.max",
} as const;

const agreementMin: Texts = {
  en: "Strongly disagree",
  fi: "Täysin eri mieltä",
  ee: "Ei ole üldse nõus",
  ru: "Полностью не согласен",
  pl: "Zdecydowanie się nie zgadzam",
};

const agreementMax: Texts = {
  en: "Strongly agree",
  fi: "Täysin samaa mieltä",
  ee: "Täiesti nõus",
  ru: "Полностью согласен",
  pl: "Zdecydowanie się zgadzam",
};

interface FrequencyChoice {
  slug: string;
  value: number;
  tid: Tid;
  texts: Texts;
}

/** Never .. Always, valued 1..5 (higher is more often, which every frequency item words as better). */
const FREQUENCY: FrequencyChoice[] = [
  {
    slug: "never",
    value: 1,
    tid: "choice.frequency.never",
    texts: { en: "Never", fi: "Ei koskaan", ee: "Mitte kunagi", ru: "Никогда", pl: "Nigdy" },
  },
  {
    slug: "rarely",
    value: 2,
    tid: "choice.frequency.rarely",
    texts: { en: "Rarely", fi: "Harvoin", ee: "Harva", ru: "Редко", pl: "Rzadko" },
  },
  {
    slug: "sometimes",
    value: 3,
    tid: "choice.frequency.sometimes",
    texts: { en: "Sometimes", fi: "Joskus", ee: "Mõnikord", ru: "Иногда", pl: "Czasami" },
  },
  {
    slug: "often",
    value: 4,
    tid: "choice.frequency.often",
    texts: { en: "Often", fi: "Usein", ee: "Sageli", ru: "Часто", pl: "Często" },
  },
  {
    slug: "always",
    value: 5,
    tid: "choice.frequency.always",
    texts: { en: "Always", fi: "Aina", ee: "Alati", ru: "Всегда", pl: "Zawsze" },
  },
];

export const FREQUENCY_CHOICES: readonly Omit<FrequencyChoice, "texts">[] = FREQUENCY.map(
  ({ slug, value, tid }) => ({ slug, value, tid }),
);

export const sharedTranslations: TranslationEntry[] = [
  [AGREEMENT_SCALE.minTid, agreementMin],
  [AGREEMENT_SCALE.maxTid, agreementMax],
  ...FREQUENCY.map((c): TranslationEntry => [c.tid, c.texts]),
];
