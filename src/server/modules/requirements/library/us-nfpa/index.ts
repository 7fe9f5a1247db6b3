import type { CodeSetLibrary } from '../entry';
import { emergencyExits } from './emergency-exits';
import { emergencyLighting } from './emergency-lighting';
import { fireAlarm } from './fire-alarm';
import { fireExtinguisher } from './fire-extinguisher';
import { other } from './other';
import { smokeDetectors } from './smoke-detectors';
import { sprinklerSystem } from './sprinkler-system';

/** The United States with the current NFPA editions: the default code set. One file per safety item type. */
export const usNfpa: CodeSetLibrary = {
  codeSet: 'us-nfpa',
  entries: [...fireExtinguisher, ...sprinklerSystem, ...emergencyLighting, ...emergencyExits, ...smokeDetectors, ...fireAlarm, ...other],
};
