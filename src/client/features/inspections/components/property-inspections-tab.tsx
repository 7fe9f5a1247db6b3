import { CalendarPlus, ClipboardCheck } from 'lucide-react';
import { Link } from 'react-router';
import { EmptyState } from '@/components/empty-state';
import { Button } from '@/components/ui/button';
import { usePermissions } from '@/lib/use-permissions';
import { useInspectionList } from '../api/use-inspection-list';
import { InspectionResults } from './inspection-results';
import { InspectionRowActions, useInspectionDialogs } from './inspection-row-actions';

const PAGE_SIZE = 25;

/**
 * The property details page's Inspections tab (SPEC 2): type, due date, status, assignee and
 * notes, as a table on wide screens and cards on phones, latest due first; Complete and
 * Reschedule on those not completed; Load more for long histories.
 */
export function PropertyInspectionsTab({ propertyId }: { propertyId: number }) {
  const list = useInspectionList({ kind: 'property', propertyId }, { sort: 'due_desc' }, PAGE_SIZE);
  const { openComplete, openReschedule, dialogs } = useInspectionDialogs();
  const canSchedule = usePermissions().can('inspections.schedule');

  return (
    <>
      <InspectionResults
        list={list}
        label="Inspections of this property"
        showProperty={false}
        showNotes
        renderActions={(inspection) => (
          <InspectionRowActions inspection={inspection} onComplete={openComplete} onReschedule={openReschedule} withProperty={false} />
        )}
        empty={
          <EmptyState
            icon={ClipboardCheck}
            title="No inspections scheduled for this property."
            action={
              canSchedule ? (
                <Button asChild>
                  <Link to={`/inspections/new?propertyId=${propertyId}`}>
                    <CalendarPlus aria-hidden="true" />
                    Schedule Inspection
                  </Link>
                </Button>
              ) : null
            }
          >
            {canSchedule
              ? 'Schedule the first one to start tracking this property’s compliance.'
              : 'Its inspections appear here once an owner, admin or manager schedules them.'}
          </EmptyState>
        }
      />
      {dialogs}
    </>
  );
}
