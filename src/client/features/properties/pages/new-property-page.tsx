import { Building2 } from 'lucide-react';
import { useDocumentTitle } from '@/lib/use-document-title';
import { ComingSoon } from '@/components/coming-soon';
import { PageHeader } from '@/components/page-header';

export default function NewPropertyPage() {
  useDocumentTitle('Add Property');
  return (
    <>
      <PageHeader title="Add New Property" />
      <ComingSoon icon={Building2}>The form for adding a property is not available yet.</ComingSoon>
    </>
  );
}
