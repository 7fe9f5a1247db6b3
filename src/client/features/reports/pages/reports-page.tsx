import { FileText } from 'lucide-react';
import { useDocumentTitle } from '@/lib/use-document-title';
import { ComingSoon } from '@/components/coming-soon';
import { PageHeader } from '@/components/page-header';

export default function ReportsPage() {
  useDocumentTitle('Reports');
  return (
    <>
      <PageHeader title="Reports" />
      <ComingSoon icon={FileText}>Your fire-safety compliance reports will appear here.</ComingSoon>
    </>
  );
}
