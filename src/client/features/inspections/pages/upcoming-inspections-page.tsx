import { CalendarClock } from 'lucide-react';
import { useDocumentTitle } from '@/lib/use-document-title';
import { ComingSoon } from '@/components/coming-soon';
import { PageHeader } from '@/components/page-header';

export default function UpcomingInspectionsPage() {
  useDocumentTitle('Upcoming Inspections');
  return (
    <>
      <PageHeader title="Upcoming Inspections" />
      <ComingSoon icon={CalendarClock}>Inspections due in the next 30 days, and any that are overdue, will appear here.</ComingSoon>
    </>
  );
}
