import type { CodeSetLibrary } from '../entry';
import { backflowPreventers } from './backflow-preventers';
import { emergencyExits } from './emergency-exits';
import { emergencyGenerator } from './emergency-generator';
import { emergencyLighting } from './emergency-lighting';
import { fireAlarm } from './fire-alarm';
import { fireDoors } from './fire-doors';
import { fireExtinguisher } from './fire-extinguisher';
import { firePump } from './fire-pump';
import { fireSmokeDampers } from './fire-smoke-dampers';
import { kitchenHoodSuppression } from './kitchen-hood-suppression';
import { other } from './other';
import { privateHydrantsMains } from './private-hydrants-mains';
import { smokeCoAlarms } from './smoke-co-alarms';
import { smokeControl } from './smoke-control';
import { smokeDetectors } from './smoke-detectors';
import { specialHazardSuppression } from './special-hazard-suppression';
import { sprinklerSystem } from './sprinkler-system';
import { standpipes } from './standpipes';
import { waterStorageTanks } from './water-storage-tanks';

/** The United States with the current NFPA editions: the default code set. One file per safety item type. */
export const usNfpa: CodeSetLibrary = {
  codeSet: 'us-nfpa',
  entries: [
    ...fireExtinguisher,
    ...sprinklerSystem,
    ...emergencyLighting,
    ...emergencyExits,
    ...smokeDetectors,
    ...fireAlarm,
    ...fireDoors,
    ...backflowPreventers,
    ...kitchenHoodSuppression,
    ...standpipes,
    ...emergencyGenerator,
    ...fireSmokeDampers,
    ...smokeCoAlarms,
    ...firePump,
    ...specialHazardSuppression,
    ...privateHydrantsMains,
    ...waterStorageTanks,
    ...smokeControl,
    ...other,
  ],
};
