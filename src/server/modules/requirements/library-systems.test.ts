import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import type { InspectionType } from '@shared/enums';
import { createProperty } from '../../db/seed/properties';
import { setNow } from '../../testing/clock';
import { createTestContext, type TestContext } from '../../testing/test-app';
import { grantPro } from '../subscription/subscription.service';

/**
 * Issue 37: the library's rows for the twelve new safety items and the conditions of SPEC's
 * types, as a person sees them after "Add safety item": activity, interval and source, which
 * one is principal, and what the answers about the item leave out.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});
afterEach(() => {
  vi.useRealTimers();
});

type Row = { activity: string; intervalMonths: number | null; intervalDays: number | null; source: string; principal: boolean };
type Session = Awaited<ReturnType<TestContext['signedIn']>>;

async function signedIn(): Promise<Session> {
  const session = await ctx.signedIn({ timeZone: 'UTC' });
  await grantPro(ctx.runtime.db, session.user.username);
  return session;
}

/** Adds the item to a new property (with answers given first, as the property page would), and lists what it got. */
async function addItem(s: Session, itemType: InspectionType, answers?: Record<string, string[]>): Promise<string[]> {
  const property = await createProperty(ctx.runtime.db, s.user.id, { name: `Harbor View ${itemType}` });
  if (answers) {
    await ctx.runtime.db.execute(sql`
      insert into safety_item_answers (organization_id, property_id, item_type, answers)
      select organization_id, id, ${itemType}, ${JSON.stringify(answers)}::jsonb from properties where id = ${property.id}`);
  }
  const res = await s.agent.post(`/api/properties/${property.id}/safety-items`, { itemType, lastDoneOn: null });
  expect(res.statusCode).toBe(201);
  return (res.json() as Row[]).map((r) => {
    const interval = r.intervalMonths !== null ? `${r.intervalMonths} mo` : `${r.intervalDays} d`;
    return `${r.activity} | ${interval} | ${r.source}${r.principal ? ' | principal' : ''}`;
  });
}

describe('the new safety items', () => {
  const expected: Record<string, string[]> = {
    fire_doors: ['Annual fire door inspection and test | 12 mo | NFPA 80 (2022) 5.2.1 | principal'],
    backflow_preventers: ['Annual forward-flow test | 12 mo | NFPA 25 (2023) ch. 13, Backflow Prevention Assemblies | principal'],
    kitchen_hood_suppression: [
      'Semiannual suppression system maintenance | 6 mo | NFPA 17A (2021) ch. 7 | principal',
      'Fusible link replacement | 6 mo | NFPA 17A (2021) ch. 7',
      '12-year cylinder hydrostatic test | 144 mo | NFPA 17A (2021) ch. 7',
      'Monthly exhaust grease inspection | 1 mo | NFPA 96 (2024) ch. 12, Schedule of Inspection for Grease Buildup',
      'Quarterly exhaust grease inspection | 3 mo | NFPA 96 (2024) ch. 12, Schedule of Inspection for Grease Buildup',
      'Semiannual exhaust grease inspection | 6 mo | NFPA 96 (2024) ch. 12, Schedule of Inspection for Grease Buildup',
      'Annual exhaust grease inspection | 12 mo | NFPA 96 (2024) ch. 12, Schedule of Inspection for Grease Buildup',
    ],
    standpipes: [
      'Annual inspection | 12 mo | NFPA 25 (2023) 6.2.1 | principal',
      '5-year flow test | 60 mo | NFPA 25 (2023) 6.3.1',
      '5-year hydrostatic test | 60 mo | NFPA 25 (2023) 6.3.2',
    ],
    emergency_generator: [
      'Weekly inspection | 7 d | NFPA 110 (2022) 8.4.1',
      'Monthly 30-minute load test | 1 mo | NFPA 110 (2022) 8.4.2 | principal',
      'Monthly transfer switch test | 1 mo | NFPA 110 (2022) 8.4.6',
      'Annual load bank test | 12 mo | NFPA 110 (2022) 8.4.2.3',
      '4-hour test every 36 months | 36 mo | NFPA 110 (2022) 8.4.9',
    ],
    fire_smoke_dampers: [
      'Damper test and inspection | 48 mo | NFPA 80 (2022) 19.4.1; NFPA 105 (2022) 6.5.2 | principal',
      'Damper test and inspection (hospitals) | 72 mo | NFPA 80 (2022) 19.4.1; NFPA 105 (2022) 6.5.2',
    ],
    smoke_co_alarms: [
      'Monthly alarm test | 1 mo | NFPA 72 (2022) ch. 14 | principal',
      '10-year smoke alarm replacement | 120 mo | NFPA 72 (2022) ch. 14',
      'CO alarm replacement | 84 mo | NFPA 72 (2022) ch. 14',
    ],
    fire_pump: [
      'Weekly no-flow test (diesel) | 7 d | NFPA 25 (2023) 8.3.1',
      'Monthly no-flow test (electric) | 1 mo | NFPA 25 (2023) 8.3.1',
      'Annual flow test | 12 mo | NFPA 25 (2023) 8.3.3 | principal',
    ],
    special_hazard_suppression: [
      'Semiannual agent quantity and pressure check | 6 mo | NFPA 2001 (2022) ch. 8',
      'Annual inspection and test | 12 mo | NFPA 2001 (2022) ch. 8 | principal',
    ],
    private_hydrants_mains: [
      'Annual hydrant inspection and flow test | 12 mo | NFPA 25 (2023) ch. 7 | principal',
      '5-year underground and exposed piping flow test | 60 mo | NFPA 25 (2023) 7.3.1',
    ],
    water_storage_tanks: [
      'Monthly water level inspection | 1 mo | NFPA 25 (2023) ch. 9',
      'Quarterly water level inspection | 3 mo | NFPA 25 (2023) ch. 9',
      'Annual exterior inspection | 12 mo | NFPA 25 (2023) ch. 9 | principal',
      '3-year interior inspection | 36 mo | NFPA 25 (2023) ch. 9',
      '5-year interior inspection | 60 mo | NFPA 25 (2023) ch. 9',
    ],
    smoke_control: [
      'Semiannual test (dedicated system) | 6 mo | NFPA 92 (2021) 8.6 | principal',
      'Annual test (non-dedicated system) | 12 mo | NFPA 92 (2021) 8.6',
    ],
  };

  it('each gets its requirements with their sources, one of them principal, every condition applying until answered', async () => {
    setNow('2026-04-10T12:00:00Z');
    const s = await signedIn();
    for (const [itemType, rows] of Object.entries(expected)) {
      expect(await addItem(s, itemType as InspectionType), itemType).toEqual(rows);
    }
  });

  it('follow the answers about the item', async () => {
    setNow('2026-04-10T12:00:00Z');
    const s = await signedIn();
    expect(await addItem(s, 'kitchen_hood_suppression', { cooking_volume: ['high'], hood_detection: ['other'] })).toEqual([
      'Semiannual suppression system maintenance | 6 mo | NFPA 17A (2021) ch. 7 | principal',
      '12-year cylinder hydrostatic test | 144 mo | NFPA 17A (2021) ch. 7',
      'Quarterly exhaust grease inspection | 3 mo | NFPA 96 (2024) ch. 12, Schedule of Inspection for Grease Buildup',
    ]);
    expect(await addItem(s, 'fire_pump', { pump_driver: ['electric'] })).toEqual([
      'Monthly no-flow test (electric) | 1 mo | NFPA 25 (2023) 8.3.1',
      'Annual flow test | 12 mo | NFPA 25 (2023) 8.3.3 | principal',
    ]);
    expect(await addItem(s, 'emergency_generator', { generator_monthly_load: ['yes'], generator_level: ['no'] })).toEqual([
      'Weekly inspection | 7 d | NFPA 110 (2022) 8.4.1',
      'Monthly 30-minute load test | 1 mo | NFPA 110 (2022) 8.4.2 | principal',
      'Monthly transfer switch test | 1 mo | NFPA 110 (2022) 8.4.6',
    ]);
    expect(await addItem(s, 'fire_smoke_dampers', { dampers_hospital: ['yes'] })).toEqual([
      'Damper test and inspection (hospitals) | 72 mo | NFPA 80 (2022) 19.4.1; NFPA 105 (2022) 6.5.2',
    ]);
    expect(await addItem(s, 'standpipes', { standpipe_kind: ['manual'] })).toEqual([
      'Annual inspection | 12 mo | NFPA 25 (2023) 6.2.1 | principal',
      '5-year hydrostatic test | 60 mo | NFPA 25 (2023) 6.3.2',
    ]);
    expect(await addItem(s, 'water_storage_tanks', { tank_level_alarm: ['yes'], tank_corrosion_protection: ['no'] })).toEqual([
      'Quarterly water level inspection | 3 mo | NFPA 25 (2023) ch. 9',
      'Annual exterior inspection | 12 mo | NFPA 25 (2023) ch. 9 | principal',
      '5-year interior inspection | 60 mo | NFPA 25 (2023) ch. 9',
    ]);
    expect(await addItem(s, 'smoke_co_alarms', { dwelling_alarm_kinds: ['smoke'] })).toEqual([
      'Monthly alarm test | 1 mo | NFPA 72 (2022) ch. 14 | principal',
      '10-year smoke alarm replacement | 120 mo | NFPA 72 (2022) ch. 14',
    ]);
    expect(await addItem(s, 'special_hazard_suppression', { special_hazard_agent: ['other'] })).toEqual([
      'Annual inspection and test | 12 mo | NFPA 2001 (2022) ch. 8 | principal',
    ]);
    expect(await addItem(s, 'smoke_control', { smoke_control_kind: ['non_dedicated'] })).toEqual(['Annual test (non-dedicated system) | 12 mo | NFPA 92 (2021) 8.6']);
  });
});

describe('the new safety items elsewhere', () => {
  it('come from an inspection history file in the words people use, each with its requirements', async () => {
    setNow('2026-04-10T12:00:00Z');
    const s = await signedIn();
    const property = await createProperty(ctx.runtime.db, s.user.id, { name: 'Dock Road Kitchen' });
    const rows = [
      { property: 'Dock Road Kitchen', itemType: 'Genset', activity: 'Monthly load test', performedOn: '2026-03-30', result: 'pass' },
      { property: 'Dock Road Kitchen', itemType: 'RPZ', activity: 'forward flow', performedOn: '2025-11-02', result: 'pass' },
      { property: 'Dock Road Kitchen', itemType: 'Hood and duct', activity: 'Semiannual suppression system maintenance', performedOn: '2026-02-01', result: 'fail', notes: 'Nozzle caps missing' },
    ];
    const res = await s.agent.post('/api/inspection-history/import', { rows });
    expect(res.statusCode, res.body).toBe(201);
    const requirements = (await s.agent.get(`/api/properties/${property.id}/requirements`)).json() as (Row & { itemType: string; lastDoneOn: string | null; lastResult: string | null })[];
    const done = requirements.filter((r) => r.lastDoneOn).map((r) => `${r.itemType} | ${r.activity} | ${r.lastDoneOn} | ${r.lastResult}`);
    expect(done.sort()).toEqual([
      'backflow_preventers | Annual forward-flow test | 2025-11-02 | compliant',
      'emergency_generator | Monthly 30-minute load test | 2026-03-30 | compliant',
      'kitchen_hood_suppression | Semiannual suppression system maintenance | 2026-02-01 | non_compliant',
    ]);
    expect(new Set(requirements.map((r) => r.itemType))).toEqual(new Set(['backflow_preventers', 'emergency_generator', 'kitchen_hood_suppression']));
    expect(requirements.filter((r) => r.itemType === 'kitchen_hood_suppression')).toHaveLength(7);
  });
});

describe("the conditions of SPEC's types", () => {
  it('emergency lighting: the 90-minute test is for batteries; a generator follows NFPA 110', async () => {
    setNow('2026-04-10T12:00:00Z');
    const s = await signedIn();
    const all = ['Monthly 30-second functional test | 1 mo | NFPA 101 (2021) 7.9.3.1.1', 'Annual 90-minute test | 12 mo | NFPA 101 (2021) 7.9.3.1.1 | principal'];
    expect(await addItem(s, 'emergency_lighting')).toEqual(all);
    expect(await addItem(s, 'emergency_lighting', { lighting_power: ['battery'] })).toEqual(all);
    expect(await addItem(s, 'emergency_lighting', { lighting_power: ['generator'] })).toEqual([all[0]]);
  });

  it('exits: battery signs get the lighting tests; the door inspection only for the doors and occupancies the code names', async () => {
    setNow('2026-04-10T12:00:00Z');
    const s = await signedIn();
    const signs = 'Monthly exit sign check | 1 mo | NFPA 101 (2021) 7.10.9.1 | principal';
    const battery = [
      'Monthly 30-second exit sign battery test | 1 mo | NFPA 101 (2021) 7.10.9.2, 7.9.3.1.1',
      'Annual 90-minute exit sign battery test | 12 mo | NFPA 101 (2021) 7.10.9.2, 7.9.3.1.1',
    ];
    const doors = 'Annual egress door inspection | 12 mo | NFPA 101 (2021) ch. 7, Inspection of Door Openings';
    expect(await addItem(s, 'emergency_exits')).toEqual([signs, ...battery, doors]);
    expect(await addItem(s, 'emergency_exits', { exit_sign_power: ['other'], egress_doors: ['none'] })).toEqual([signs]);
    expect(await addItem(s, 'emergency_exits', { exit_sign_power: ['battery'], egress_doors: ['panic_hardware'], exit_occupancy: ['other'] })).toEqual([signs, ...battery]);
    expect(await addItem(s, 'emergency_exits', { exit_sign_power: ['other'], egress_doors: ['special_locking'], exit_occupancy: ['business'] })).toEqual([signs, doors]);
  });

  it('smoke detectors: system detectors are tested, dwelling smoke alarms replaced at 10 years, sensitivity not where the panel monitors it', async () => {
    setNow('2026-04-10T12:00:00Z');
    const s = await signedIn();
    const annual = 'Annual functional test | 12 mo | NFPA 72 (2022) Table 14.4.3.2 | principal';
    const sensitivity = 'Sensitivity test | 24 mo | NFPA 72 (2022) ch. 14';
    const replacement = '10-year smoke alarm replacement | 120 mo | NFPA 72 (2022) ch. 14';
    expect(await addItem(s, 'smoke_detectors')).toEqual([annual, sensitivity, replacement]);
    expect(await addItem(s, 'smoke_detectors', { detector_kind: ['system'], sensitivity_monitored: ['yes'] })).toEqual([annual]);
    expect(await addItem(s, 'smoke_detectors', { detector_kind: ['single_station'] })).toEqual([replacement]);
  });

  it('fire alarm: the semiannual items are requirements of their own; waterflow switches where it monitors them', async () => {
    setNow('2026-04-10T12:00:00Z');
    const s = await signedIn();
    const rows = [
      'Annual test | 12 mo | NFPA 72 (2022) Table 14.4.3.2 | principal',
      'Semiannual visual inspection of initiating devices | 6 mo | NFPA 72 (2022) Table 14.3.1',
      'Semiannual sealed battery inspection | 6 mo | NFPA 72 (2022) Table 14.3.1',
    ];
    expect(await addItem(s, 'fire_alarm')).toEqual([...rows, 'Semiannual waterflow switch test | 6 mo | NFPA 72 (2022) Table 14.4.3.2']);
    expect(await addItem(s, 'fire_alarm', { alarm_waterflow: ['no'] })).toEqual(rows);
  });

  it('sprinklers: valves by how they are secured, gauges by system kind, backflow, and field tests by kind of sprinkler', async () => {
    setNow('2026-04-10T12:00:00Z');
    const s = await signedIn();
    const always = [
      'Quarterly inspection | 3 mo | NFPA 25 (2023) Table 5.1.1.2',
      'Annual inspection and test | 12 mo | NFPA 25 (2023) Table 5.1.1.2 | principal',
    ];
    const fiveYear = ['5-year internal assessment of piping | 60 mo | NFPA 25 (2023) 14.2.1', '5-year gauge replacement or test | 60 mo | NFPA 25 (2023) Table 5.1.1.2'];
    expect(await addItem(s, 'sprinkler_system')).toHaveLength(13);
    expect(
      await addItem(s, 'sprinkler_system', { valve_securing: ['sealed'], sprinkler_system_kinds: ['wet'], sprinkler_backflow: ['separate'], sprinkler_kinds: ['fast_response'] }),
    ).toEqual([...always, 'Weekly control valve inspection | 7 d | NFPA 25 (2023) 13.3.2.1', ...fiveYear, 'Sprinkler field test at 20 years | 120 mo | NFPA 25 (2023) 5.3.1']);
    expect(
      await addItem(s, 'sprinkler_system', { valve_securing: ['locked', 'supervised'], sprinkler_system_kinds: ['dry'], sprinkler_backflow: ['yes'], sprinkler_kinds: ['standard', 'harsh'] }),
    ).toEqual([
      ...always,
      'Monthly control valve inspection | 1 mo | NFPA 25 (2023) 13.3.2.1.1',
      'Quarterly control valve inspection | 3 mo | NFPA 25 (2023) 13.3.2.1.2',
      'Monthly dry and preaction gauge inspection | 1 mo | NFPA 25 (2023) Table 5.1.1.2',
      'Annual backflow preventer forward-flow test | 12 mo | NFPA 25 (2023) ch. 13, Backflow Prevention Assemblies',
      ...fiveYear,
      'Sprinkler field test at 50 years | 120 mo | NFPA 25 (2023) 5.3.1',
      '5-year sprinkler field test | 60 mo | NFPA 25 (2023) 5.3.1',
    ]);
  });
});
