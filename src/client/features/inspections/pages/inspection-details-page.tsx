import { ClipboardCheck } from 'lucide-react';
import { useDocumentTitle } from '@/lib/use-document-title';
import { ComingSoon } from '@/components/coming-soon';
import { PageHeader } from '@/components/page-header';

export default function InspectionDetailsPage() {
  useDocumentTitle('Inspection Details');
  return (
    <>
      <PageHeader title="Inspection Details" />
      <ComingSoon icon={ClipboardCheck}>This inspection&apos;s details and history will appear here.</ComingSoon>
    </>
  );
}
