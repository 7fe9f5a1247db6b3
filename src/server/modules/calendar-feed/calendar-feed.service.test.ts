import { describe, expect, it } from 'vitest';
import { eventFor } from './calendar-feed.service';

const entry = {
  key: 'inspection-7',
  date: '2026-06-10',
  inspectionType: 'emergency_lighting' as const,
  activity: null,
  notScheduled: false,
  propertyName: 'Harbor View Offices',
  propertyAddress: '100 Harbor Way, Boston, MA 02110',
  assignedTo: 'Sam Ortiz',
  path: '/inspections/7',
  updatedAt: new Date('2026-06-01T00:00:00Z'),
};

describe('what a calendar app shows for an entry', () => {
  it('names the type and property, with the assignee and a link to the inspection', () => {
    expect(eventFor(entry, 'https://firemark.example.com', 'firemark.example.com')).toMatchObject({
      uid: 'inspection-7@firemark.example.com',
      summary: 'Emergency Lighting inspection: Harbor View Offices',
      description: 'Assigned to: Sam Ortiz\nOpen in Firemark: https://firemark.example.com/inspections/7',
      location: '100 Harbor Way, Boston, MA 02110',
      url: 'https://firemark.example.com/inspections/7',
    });
  });

  it('says when a requirement is due and nothing is scheduled for it', () => {
    const due = { ...entry, key: 'requirement-3-2026-06-10', activity: 'Monthly 30-second test', notScheduled: true, assignedTo: null, path: '/properties/2' };
    expect(eventFor(due, 'https://firemark.example.com', 'firemark.example.com')).toMatchObject({
      uid: 'requirement-3-2026-06-10@firemark.example.com',
      summary: 'Emergency Lighting (Monthly 30-second test) inspection due, not scheduled: Harbor View Offices',
      description: 'Due, not scheduled: schedule this inspection in Firemark.\nOpen in Firemark: https://firemark.example.com/properties/2',
    });
  });
});
