import { CreditCard } from 'lucide-react';
import { useDocumentTitle } from '@/lib/use-document-title';
import { ComingSoon } from '@/components/coming-soon';
import { PageHeader } from '@/components/page-header';

export default function BillingPage() {
  useDocumentTitle('Billing');
  return (
    <>
      <PageHeader title="Billing" />
      <ComingSoon icon={CreditCard}>Your plan, payment methods and invoices will appear here.</ComingSoon>
    </>
  );
}
