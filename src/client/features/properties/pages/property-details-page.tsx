import { Building2 } from 'lucide-react';
import { useDocumentTitle } from '@/lib/use-document-title';
import { ComingSoon } from '@/components/coming-soon';
import { PageHeader } from '@/components/page-header';

export default function PropertyDetailsPage() {
  useDocumentTitle('Property Details');
  return (
    <>
      <PageHeader title="Property Details" />
      <ComingSoon icon={Building2}>
        This property&apos;s address, compliance items, inspections and reports will appear here.
      </ComingSoon>
    </>
  );
}
