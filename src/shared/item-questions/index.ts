import type { ItemQuestion } from '../item-conditions';
import { fireExtinguisherQuestions } from './fire-extinguisher';

/**
 * Every question asked about a safety item, one file per item type beside this one, in the
 * order the property page asks them (src/shared/item-conditions.ts says what they do).
 */
export const ITEM_QUESTIONS: readonly ItemQuestion[] = [...fireExtinguisherQuestions];
