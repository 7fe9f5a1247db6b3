import { Building2 } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { useDocumentTitle } from '@/lib/use-document-title';
import { ComingSoon } from '@/components/coming-soon';
import { PageHeader } from '@/components/page-header';

export default function PropertiesPage() {
  useDocumentTitle('Properties');
  const [params] = useSearchParams();
  const q = params.get('q')?.trim();
  return (
    <>
      <PageHeader title="Properties" description={q ? `Search: “${q}”` : undefined} />
      <ComingSoon icon={Building2}>Your properties and their compliance status will appear here.</ComingSoon>
    </>
  );
}
