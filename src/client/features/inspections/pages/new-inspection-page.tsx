import { CalendarPlus } from 'lucide-react';
import { useDocumentTitle } from '@/lib/use-document-title';
import { ComingSoon } from '@/components/coming-soon';
import { PageHeader } from '@/components/page-header';

export default function NewInspectionPage() {
  useDocumentTitle('Schedule Inspection');
  return (
    <>
      <PageHeader title="Schedule Inspection" />
      <ComingSoon icon={CalendarPlus}>The form for scheduling an inspection is not available yet.</ComingSoon>
    </>
  );
}
