import { z } from 'zod';
import { INSPECTION_TYPE_LABELS, INSPECTION_TYPES, type InspectionType } from '../enums';
import { questionsOf, type ItemAnswers } from '../item-conditions';

/**
 * The answers about one of a property's safety items (src/shared/item-conditions.ts):
 * PUT /api/properties/{id}/safety-items/{itemType}/answers, and "Add safety item". A question
 * left out, or answered with an empty list, is not answered: every row it names still applies.
 */
const answerValues = z
  .array(z.string({ error: 'Choose the answers listed' }).max(60, 'Choose the answers listed'), { error: 'List the answers to each question' })
  .max(30, 'Choose the answers listed');

export const itemAnswersField = z.record(z.string().max(60, 'Unknown question'), answerValues, { error: 'Give the answers as { question: [values] }' });

export const safetyItemAnswersSchema = z.object({ answers: itemAnswersField });
export type SafetyItemAnswersInput = z.input<typeof safetyItemAnswersSchema>;

/**
 * What is wrong with answers about an item of this type, by field (`answers.<question>`): a
 * question not asked about it, a value not offered, two values where one is asked for. The
 * server refuses them (400) and the dialog shows the same words.
 */
export function answersErrors(itemType: InspectionType, answers: ItemAnswers, field = 'answers'): Record<string, string[]> {
  const questions = questionsOf(itemType);
  const errors: Record<string, string[]> = {};
  for (const [key, values] of Object.entries(answers)) {
    const question = questions.find((q) => q.key === key);
    if (!question) errors[`${field}.${key}`] = [`This question is not asked about ${INSPECTION_TYPE_LABELS[itemType]}`];
    else if (values.some((v) => !question.options.some((o) => o.value === v))) errors[`${field}.${key}`] = ['Choose the answers listed'];
    else if (!question.multiple && new Set(values).size > 1) errors[`${field}.${key}`] = ['Choose one answer'];
  }
  return errors;
}

/** The answers as kept: each value once, in the order the question lists them; empty lists dropped. */
export function normaliseAnswers(itemType: InspectionType, answers: ItemAnswers): ItemAnswers {
  const kept: ItemAnswers = {};
  for (const question of questionsOf(itemType)) {
    const given = answers[question.key];
    if (!given || given.length === 0) continue;
    kept[question.key] = question.options.filter((o) => given.includes(o.value)).map((o) => o.value);
  }
  return kept;
}

export const itemQuestionResponse = z.object({
  key: z.string(),
  label: z.string(),
  hint: z.string().describe('What changes with the answer, and what applies until it is given'),
  multiple: z.boolean().describe('More than one value may hold'),
  options: z.array(z.object({ value: z.string(), label: z.string() })),
  answer: z.array(z.string()).nullable().describe('The values given; null: not answered (every row it names still applies)'),
});

export const safetyItemAnswersResponse = z.object({
  itemType: z.enum(INSPECTION_TYPES),
  questions: z.array(itemQuestionResponse),
});
export type SafetyItemAnswers = z.infer<typeof safetyItemAnswersResponse>;
