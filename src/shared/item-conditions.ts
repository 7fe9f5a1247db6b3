import type { InspectionType } from './enums';
import { ITEM_QUESTIONS } from './item-questions';

/**
 * What the code asks of a safety item can depend on what it is (issue 37 §1, "Conditions that
 * change what applies"): which agents the extinguishers hold, whether emergency lighting runs
 * on batteries or a generator. Each question here is asked about a property's safety item; a
 * library row names the answers it needs in `appliesWhen` ({ question: [values] }).
 *
 * A question not answered yet never takes a requirement away: the row applies until the answer
 * says it does not, so the schedule errs on the side of checking (and the property page asks).
 */
export type ItemQuestion = {
  key: string;
  itemType: InspectionType;
  /** The question as the property page asks it. */
  label: string;
  /** Why it is asked, in a sentence (what changes with the answer). */
  hint: string;
  /** More than one value may hold (a building with CO2 and dry chemical extinguishers). */
  multiple: boolean;
  options: readonly { value: string; label: string }[];
};

export type ItemAnswers = Record<string, string[]>;
export type AppliesWhen = Record<string, readonly string[]>;

export { ITEM_QUESTIONS };

export const questionsOf = (itemType: InspectionType) => ITEM_QUESTIONS.filter((q) => q.itemType === itemType);

/**
 * Whether a library row applies to an item with these answers: every question it names is
 * either not answered or answered with one of its values. The SQL twin is appliesSql in
 * src/server/modules/requirements/library/applies.sql.ts.
 */
export function appliesTo(appliesWhen: AppliesWhen | null | undefined, answers: ItemAnswers): boolean {
  if (!appliesWhen) return true;
  return Object.entries(appliesWhen).every(([question, values]) => {
    const answer = answers[question];
    return answer === undefined || answer.some((value) => values.includes(value));
  });
}

/** Answers in words, question by question ("Which agents…: Carbon dioxide (CO2), Wet chemical (Class K)"). */
export function answersText(answers: ItemAnswers): string {
  const parts = Object.entries(answers).map(([key, values]) => {
    const question = ITEM_QUESTIONS.find((q) => q.key === key);
    const labels = values.map((v) => question?.options.find((o) => o.value === v)?.label ?? v);
    return `${question?.label ?? key} ${labels.join(', ')}`;
  });
  return parts.length === 0 ? '(none)' : parts.join('; ');
}
