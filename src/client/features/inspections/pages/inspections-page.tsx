import { ClipboardCheck } from 'lucide-react';
import { useDocumentTitle } from '@/lib/use-document-title';
import { ComingSoon } from '@/components/coming-soon';
import { PageHeader } from '@/components/page-header';

export default function InspectionsPage() {
  useDocumentTitle('Inspections');
  return (
    <>
      <PageHeader title="Inspections" />
      <ComingSoon icon={ClipboardCheck}>Your inspections, with list and calendar views, will appear here.</ComingSoon>
    </>
  );
}
