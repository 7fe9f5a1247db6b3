import type { ItemQuestion } from '../item-conditions';
import { emergencyExitsQuestions } from './emergency-exits';
import { emergencyGeneratorQuestions } from './emergency-generator';
import { emergencyLightingQuestions } from './emergency-lighting';
import { fireAlarmQuestions } from './fire-alarm';
import { fireExtinguisherQuestions } from './fire-extinguisher';
import { firePumpQuestions } from './fire-pump';
import { fireSmokeDampersQuestions } from './fire-smoke-dampers';
import { kitchenHoodSuppressionQuestions } from './kitchen-hood-suppression';
import { smokeCoAlarmsQuestions } from './smoke-co-alarms';
import { smokeControlQuestions } from './smoke-control';
import { smokeDetectorsQuestions } from './smoke-detectors';
import { specialHazardSuppressionQuestions } from './special-hazard-suppression';
import { sprinklerSystemQuestions } from './sprinkler-system';
import { standpipesQuestions } from './standpipes';
import { waterStorageTanksQuestions } from './water-storage-tanks';

/**
 * Every question asked about a safety item, one file per item type beside this one, in the
 * order the property page asks them (src/shared/item-conditions.ts says what they do).
 */
export const ITEM_QUESTIONS: readonly ItemQuestion[] = [
  ...fireExtinguisherQuestions,
  ...sprinklerSystemQuestions,
  ...emergencyLightingQuestions,
  ...emergencyExitsQuestions,
  ...smokeDetectorsQuestions,
  ...fireAlarmQuestions,
  ...kitchenHoodSuppressionQuestions,
  ...standpipesQuestions,
  ...emergencyGeneratorQuestions,
  ...fireSmokeDampersQuestions,
  ...smokeCoAlarmsQuestions,
  ...firePumpQuestions,
  ...specialHazardSuppressionQuestions,
  ...waterStorageTanksQuestions,
  ...smokeControlQuestions,
];
