import { LayoutDashboard } from 'lucide-react';
import { useDocumentTitle } from '@/lib/use-document-title';
import { ComingSoon } from '@/components/coming-soon';
import { PageHeader } from '@/components/page-header';

export default function DashboardPage() {
  useDocumentTitle('Dashboard');
  return (
    <>
      <PageHeader title="Dashboard" />
      <ComingSoon icon={LayoutDashboard}>Your compliance overview, property stats and upcoming inspections will appear here.</ComingSoon>
    </>
  );
}
