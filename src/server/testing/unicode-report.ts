import type { Property } from '@shared/schemas/property';
import type { FireSafetyReportData } from '../modules/reports/report-data';

/** Names in Polish, Russian and Japanese: each needs glyphs outside WinAnsi. */
export const NAMES = ['Złota 44, Kraków', 'Санкт-Петербург', '東京都'];
/** All three scripts in one string: each part is drawn in the font that has it. */
export const MIXED = 'Złota 44 · Санкт-Петербург · 東京都';

export function unicodeReport(overrides: Partial<FireSafetyReportData> = {}): FireSafetyReportData {
  const property: Property = {
    id: 1,
    userId: 1,
    name: MIXED,
    propertyType: 'commercial',
    addressLine1: NAMES[0]!,
    addressLine2: NAMES[2]!,
    city: NAMES[1]!,
    state: 'Mazowieckie',
    zip: '00-120',
    country: 'us',
    managerEmail: 'zarządca@example.com',
    codeSet: 'us-nfpa',
    status: 'non_compliant',
    statusReason: 'Fire alarm failed inspection',
    openDeficiencies: 0,
    criticalDeficiencies: 0,
    createdAt: '2026-01-01T00:00:00.000Z',
    lastUpdated: '2026-01-01T00:00:00.000Z',
    complianceItems: [
      {
        id: 1,
        propertyId: 1,
        itemType: 'fire_alarm',
        status: 'non_compliant',
        nextDueDate: '2026-09-01',
        lastInspectionDate: '2026-03-01',
        lastDoneUnknownCount: 0,
        lastDoneStatedOn: null,
        awaitingRetest: false,
        resultFailed: true,
        devicesOutOfService: 0,
        devicesWithOpenDeficiency: 0,
        createdAt: '2026-01-01T00:00:00.000Z',
        updatedAt: '2026-01-01T00:00:00.000Z',
      },
    ],
  };
  return {
    generatedAt: new Date('2026-05-20T15:30:00Z'),
    timeZone: 'Europe/Warsaw',
    today: '2026-05-20',
    account: { name: 'Łucja Wójcik', email: 'lucja@example.com' },
    property,
    deficiencies: [{ itemType: 'fire_alarm', status: 'non_compliant', lastInspectionDate: '2026-03-01', nextDueDate: '2026-09-01', notes: `Сирена не работает; ${NAMES[2]} 3階` }],
    inspections: NAMES.map((name, i) => ({
      dueDate: `2026-0${i + 2}-01`,
      inspectionType: 'fire_alarm',
      status: 'completed' as const,
      complianceResult: 'non_compliant',
      completedDate: new Date(`2026-0${i + 2}-01T10:00:00Z`),
      assignedTo: name,
      notes: `Notes for ${name}`,
      completionNotes: null,
    })),
    inspectionsLeftOut: 0,
    verification: { reportNumber: 'FM-2026-000042', verifyUrl: 'https://firemark.example/verify/AAAAAAAAAAAAAAAAAAAAAA' },
    requirements: [{ itemType: 'fire_alarm', activity: 'Annual test', interval: 'Every year', source: 'NFPA 72 (2022) Table 14.4.3.2', nextDueDate: '2026-09-01', belowCodeMinimum: false }],
    ...overrides,
  };
}

